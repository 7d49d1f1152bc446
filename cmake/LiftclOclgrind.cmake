# The end-to-end tests once more under Oclgrind (data races, uninitialized values, invalid
# accesses, API misuse): the ctest `e2e_oclgrind` fails when Oclgrind reports anything. Every test
# case of the suite runs, so every kind of kernel it has runs once (passes, twiddle variants, local
# memory, four-step passes, dot product, matrix multiply, multi-pass and local-memory FFTs, random
# programs, the kernels the CLI, explore and bench cases launch); LIFTCL_E2E_MAX_LOG2N=6 limits the
# FFT sizes to n <= 64 (tests/e2e/size_limit.hpp).
# Not with LIFTCL_SANITIZE: Oclgrind is preloaded, and ASan must be the first library loaded.
set(LIFTCL_OCLGRIND_E2E_ARGS "" CACHE STRING
  "Extra arguments for test_e2e under Oclgrind (doctest filters, e.g. -tc=dot*); empty = every test")
find_program(LIFTCL_OCLGRIND_EXECUTABLE oclgrind)
if(TARGET test_e2e AND NOT LIFTCL_SANITIZE)
  if(LIFTCL_OCLGRIND_EXECUTABLE)
    separate_arguments(liftcl_oclgrind_args UNIX_COMMAND "${LIFTCL_OCLGRIND_E2E_ARGS}")
    add_test(NAME e2e_oclgrind
      COMMAND bash ${PROJECT_SOURCE_DIR}/scripts/oclgrind-check.sh ${LIFTCL_OCLGRIND_EXECUTABLE}
              $<TARGET_FILE:test_e2e> ${liftcl_oclgrind_args})
    # Environment: see fft_oclgrind below.
    set_tests_properties(e2e_oclgrind PROPERTIES TIMEOUT 900
      ENVIRONMENT "OCLGRIND_BUILD_OPTIONS=-cl-opt-disable;LIFTCL_CACHE_DIR=off;LIFTCL_E2E_MAX_LOG2N=6;LIFTCL_POISON_TEMPORARIES=1")
  else()
    message(WARNING "oclgrind not found: the e2e_oclgrind test is not added (apt-get install oclgrind)")
  endif()
endif()

# The FFT kernel-safety suite (tests/fft/kernel_safety_test.cpp: every kind of kernel the FFT
# front end generates for n <= 2^12, once) under Oclgrind: the ctest `fft_oclgrind`.
# -cl-opt-disable: Oclgrind 21.10's uninitialized-value plugin cannot execute LLVM's `freeze`
# (which the optimizer adds for a division and a remainder by the same value), stops with a
# "FATAL ERROR ... freeze" and then reports false uninitialized values and wrong results.
# Example: the carray Stockham pass with digit twiddles (examples/kernels/stockham.lift
# stockhamTwPassC, gentwfrarr's `d_ % base` and `d_ /= base`): optimized, --uninitialized gives
# "Unsupported instruction: freeze" and max_abs_error inf; the same optimized kernel is exact on
# Oclgrind without --uninitialized and on PoCL, and clean with every check under -cl-opt-disable.
# Generated index expressions divide and take remainders by the same value whenever a length is
# not a power of two, so the kernels cannot avoid the pattern; the checks run unoptimized.
# LIFTCL_CACHE_DIR=off: program binaries cached on disk by an optimized build would bring `freeze` back.
if(TARGET test_fft AND NOT LIFTCL_SANITIZE AND LIFTCL_OCLGRIND_EXECUTABLE)
  add_test(NAME fft_oclgrind
    COMMAND bash ${PROJECT_SOURCE_DIR}/scripts/oclgrind-check.sh ${LIFTCL_OCLGRIND_EXECUTABLE}
            $<TARGET_FILE:test_fft> --test-suite=oclgrind)
  set_tests_properties(fft_oclgrind PROPERTIES TIMEOUT 900
    ENVIRONMENT "OCLGRIND_BUILD_OPTIONS=-cl-opt-disable;LIFTCL_CACHE_DIR=off;LIFTCL_POISON_TEMPORARIES=1")
endif()
