# The end-to-end kernel tests once more under Oclgrind (data races, uninitialized values, invalid
# accesses, API misuse): the ctest `e2e_oclgrind` fails when Oclgrind reports anything.
# Not with LIFTCL_SANITIZE: Oclgrind is preloaded, and ASan must be the first library loaded.
set(LIFTCL_OCLGRIND_TEST_ARGS "" CACHE STRING
  "Arguments for test_e2e under Oclgrind (doctest filters, e.g. --test-suite=small); empty = every test")
find_program(LIFTCL_OCLGRIND_EXECUTABLE oclgrind)
if(TARGET test_e2e AND NOT LIFTCL_SANITIZE)
  if(LIFTCL_OCLGRIND_EXECUTABLE)
    separate_arguments(liftcl_oclgrind_args UNIX_COMMAND "${LIFTCL_OCLGRIND_TEST_ARGS}")
    add_test(NAME e2e_oclgrind
      COMMAND bash ${PROJECT_SOURCE_DIR}/scripts/oclgrind-check.sh ${LIFTCL_OCLGRIND_EXECUTABLE}
              $<TARGET_FILE:test_e2e> ${liftcl_oclgrind_args})
    set_tests_properties(e2e_oclgrind PROPERTIES TIMEOUT 2400)
  else()
    message(WARNING "oclgrind not found: the e2e_oclgrind test is not added (apt-get install oclgrind)")
  endif()
endif()
