# The end-to-end kernel tests once more under Oclgrind (data races, uninitialized values, invalid
# accesses, API misuse): the ctest `e2e_oclgrind` fails when Oclgrind reports anything.
# Not with LIFTCL_SANITIZE: Oclgrind is preloaded, and ASan must be the first library loaded.
set(LIFTCL_OCLGRIND_TEST_ARGS "-tc=simple*mapGlb*,Stockham*passes*,Cooley-Tukey*,local*memory*,dot*product*,one*kernel*,regression*" CACHE STRING
  "Arguments for test_e2e under Oclgrind (doctest filters, e.g. --test-suite=small); empty = every test")
find_program(LIFTCL_OCLGRIND_EXECUTABLE oclgrind)
if(TARGET test_e2e AND NOT LIFTCL_SANITIZE)
  if(LIFTCL_OCLGRIND_EXECUTABLE)
    separate_arguments(liftcl_oclgrind_args UNIX_COMMAND "${LIFTCL_OCLGRIND_TEST_ARGS}")
    add_test(NAME e2e_oclgrind
      COMMAND bash ${PROJECT_SOURCE_DIR}/scripts/oclgrind-check.sh ${LIFTCL_OCLGRIND_EXECUTABLE}
              $<TARGET_FILE:test_e2e> ${liftcl_oclgrind_args})
    # The kernel tests of the suite (the CLI, bench and explore cases only re-run the same kernels).
    # Environment: see fft_oclgrind below.
    set_tests_properties(e2e_oclgrind PROPERTIES TIMEOUT 1200
      ENVIRONMENT "OCLGRIND_BUILD_OPTIONS=-cl-opt-disable;LIFTCL_CACHE_DIR=off")
  else()
    message(WARNING "oclgrind not found: the e2e_oclgrind test is not added (apt-get install oclgrind)")
  endif()
endif()

# The FFT kernel-safety suite (tests/fft/kernel_safety_test.cpp: every kind of kernel the FFT
# front end generates for n <= 2^12, once) under Oclgrind: the ctest `fft_oclgrind`.
# -cl-opt-disable: Oclgrind 21.10's uninitialized-value plugin cannot execute LLVM's `freeze`
# (which the optimizer adds for a division and a remainder by the same value), stops with a
# "FATAL ERROR ... freeze" and then reports false uninitialized values and wrong results.
# LIFTCL_CACHE_DIR=off: program binaries cached on disk by an optimized build would bring `freeze` back.
if(TARGET test_fft AND NOT LIFTCL_SANITIZE AND LIFTCL_OCLGRIND_EXECUTABLE)
  add_test(NAME fft_oclgrind
    COMMAND bash ${PROJECT_SOURCE_DIR}/scripts/oclgrind-check.sh ${LIFTCL_OCLGRIND_EXECUTABLE}
            $<TARGET_FILE:test_fft> --test-suite=oclgrind)
  set_tests_properties(fft_oclgrind PROPERTIES TIMEOUT 900
    ENVIRONMENT "OCLGRIND_BUILD_OPTIONS=-cl-opt-disable;LIFTCL_CACHE_DIR=off")
endif()
