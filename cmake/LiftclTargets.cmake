# Library and executable targets. Sources are collected per folder so that adding a file needs no
# edit here: one concept per file.
find_package(OpenCL REQUIRED)

# Precompiled headers (LIFTCL_PRECOMPILED_HEADERS): the standard and third-party headers most files
# include, parsed once per target instead of once per file (parsing was a third of a file's compile
# time: gcc -ftime-report on fft/fft_variant.cpp). Headers from outside the project only, so each
# file still includes what it uses of liftcl's own.
set(LIFTCL_PCH_STD_HEADERS <algorithm> <cmath> <complex> <cstdint> <filesystem> <fstream> <functional>
  <iostream> <map> <memory> <optional> <set> <sstream> <string> <variant> <vector>)
function(liftcl_precompile_headers target)
  if(LIFTCL_PRECOMPILED_HEADERS)
    target_precompile_headers(${target} PRIVATE ${LIFTCL_PCH_STD_HEADERS} ${ARGN})
  endif()
endfunction()

# ---- runtime: the embeddable library (OpenCL only) ----
file(GLOB LIFTCL_RUNTIME_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/runtime/*.cpp
  ${PROJECT_SOURCE_DIR}/runtime/fft/*.cpp)
add_library(liftcl_runtime STATIC ${LIFTCL_RUNTIME_SOURCES})
target_include_directories(liftcl_runtime PUBLIC
  $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}> $<INSTALL_INTERFACE:include/liftcl>)
target_compile_definitions(liftcl_runtime PUBLIC CL_TARGET_OPENCL_VERSION=120)
target_link_libraries(liftcl_runtime PUBLIC OpenCL::OpenCL)
# nlohmann-json is header-only and used only inside runtime/*.cpp (kernel metadata parsing), so an
# installed runtime does not require it.
find_package(nlohmann_json 3 REQUIRED)
target_link_libraries(liftcl_runtime PRIVATE $<BUILD_INTERFACE:nlohmann_json::nlohmann_json>)
liftcl_precompile_headers(liftcl_runtime <nlohmann/json.hpp>)
# Apps use the same name in this tree (add_subdirectory) and installed (find_package(liftcl)).
add_library(liftcl::runtime ALIAS liftcl_runtime)
set_target_properties(liftcl_runtime PROPERTIES EXPORT_NAME runtime)
# `cmake --install` puts the library, its headers (include/liftcl/runtime/*.hpp, included as
# "runtime/x.hpp") and liftcl-config.cmake in the prefix, so an app can find_package(liftcl) and
# link liftcl::runtime.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
install(TARGETS liftcl_runtime EXPORT liftclTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/runtime/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/liftcl/runtime
  FILES_MATCHING PATTERN "*.hpp" PATTERN "json_fields.hpp" EXCLUDE)
install(EXPORT liftclTargets NAMESPACE liftcl:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/liftcl)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/liftcl-config.cmake.in
  ${PROJECT_BINARY_DIR}/liftcl-config.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/liftcl)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/liftcl-config-version.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/liftcl-config.cmake ${PROJECT_BINARY_DIR}/liftcl-config-version.cmake
  ${PROJECT_SOURCE_DIR}/cmake/LiftclAddKernels.cmake ${PROJECT_SOURCE_DIR}/cmake/LiftclAddFftPlans.cmake
  ${PROJECT_SOURCE_DIR}/cmake/LiftclFunctionSupport.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/liftcl)

if(LIFTCL_BUILD_COMPILER)
  find_package(fmt REQUIRED)
  find_package(nlohmann_json REQUIRED)
  find_package(CLI11 REQUIRED)

  file(GLOB LIFTCL_IR_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/ir/*.cpp)
  add_library(liftcl_ir STATIC ${LIFTCL_IR_SOURCES})
  target_include_directories(liftcl_ir PUBLIC ${PROJECT_SOURCE_DIR})
  target_link_libraries(liftcl_ir PUBLIC fmt::fmt)

  file(GLOB LIFTCL_REWRITE_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/rewrite/*.cpp)
  add_library(liftcl_rewrite STATIC ${LIFTCL_REWRITE_SOURCES})
  target_link_libraries(liftcl_rewrite PUBLIC liftcl_ir)

  file(GLOB LIFTCL_CODEGEN_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/codegen/*.cpp)
  add_library(liftcl_codegen STATIC ${LIFTCL_CODEGEN_SOURCES})
  target_link_libraries(liftcl_codegen PUBLIC liftcl_ir nlohmann_json::nlohmann_json)
  if(LIFTCL_WITH_CLANG)
    # Debian's ClangConfig.cmake has no version file, so the version is checked through LLVM's.
    find_package(Clang REQUIRED CONFIG PATHS /usr/lib/llvm-14/lib/cmake/clang NO_DEFAULT_PATH)
    if(NOT LLVM_PACKAGE_VERSION VERSION_GREATER_EQUAL 14 OR LLVM_PACKAGE_VERSION VERSION_GREATER_EQUAL 15)
      message(FATAL_ERROR "LIFTCL_WITH_CLANG needs clang 14 (found LLVM ${LLVM_PACKAGE_VERSION})")
    endif()
    # clang 14 lives in a plugin that codegen dlopens (codegen/clang/clang_plugin.hpp says why).
    file(GLOB LIFTCL_CLANG_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/codegen/clang/*.cpp)
    add_library(liftcl_clang MODULE ${LIFTCL_CLANG_SOURCES})
    target_include_directories(liftcl_clang PRIVATE ${PROJECT_SOURCE_DIR})
    target_include_directories(liftcl_clang SYSTEM PRIVATE ${CLANG_INCLUDE_DIRS} ${LLVM_INCLUDE_DIRS})
    target_link_libraries(liftcl_clang PRIVATE clang-cpp LLVM)
    target_compile_definitions(liftcl_codegen PUBLIC LIFTCL_WITH_CLANG=1)
    target_compile_definitions(liftcl_codegen PRIVATE
      LIFTCL_CLANG_PLUGIN_BUILD_PATH="$<TARGET_FILE:liftcl_clang>")
    target_link_libraries(liftcl_codegen PRIVATE ${CMAKE_DL_LIBS})
    add_dependencies(liftcl_codegen liftcl_clang)
    install(TARGETS liftcl_clang LIBRARY DESTINATION lib/liftcl)
    # clang's resource directory holds opencl-c-base.h (the OpenCL builtin declarations) that the
    # in-process check needs; the library cannot find it from the liftcl executable's location.
    set(LIFTCL_CLANG_RESOURCE_DIR "${LLVM_LIBRARY_DIR}/clang/${LLVM_PACKAGE_VERSION}")
    if(NOT EXISTS "${LIFTCL_CLANG_RESOURCE_DIR}/include/opencl-c-base.h")
      message(FATAL_ERROR "clang resource directory without opencl-c-base.h: ${LIFTCL_CLANG_RESOURCE_DIR}")
    endif()
    set_property(SOURCE ${LIFTCL_CLANG_SOURCES} APPEND PROPERTY COMPILE_DEFINITIONS
      LIFTCL_CLANG_RESOURCE_DIR="${LIFTCL_CLANG_RESOURCE_DIR}")
  endif()

  # exec: runs a generated kernel on host values through the runtime (`liftcl run`, the tests).
  file(GLOB LIFTCL_EXEC_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/exec/*.cpp)
  add_library(liftcl_exec STATIC ${LIFTCL_EXEC_SOURCES})
  target_link_libraries(liftcl_exec PUBLIC liftcl_codegen liftcl_runtime)

  # fft: the FFT library (planner, methods, tuner, wisdom, lowering strategies, .lift building
  # blocks in fft/lift/ embedded as literals). Sits on the compiler layers and the runtime.
  file(GLOB LIFTCL_FFT_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/fft/*.cpp)
  add_library(liftcl_fft STATIC ${LIFTCL_FFT_SOURCES})
  target_link_libraries(liftcl_fft PUBLIC liftcl_rewrite liftcl_codegen liftcl_runtime
    nlohmann_json::nlohmann_json)
  # FFTW references: `liftcl fft --verify` and the tuner's check (fft/fftw_reference.hpp).
  target_link_libraries(liftcl_fft PUBLIC fftw3 fftw3f)
  include(${PROJECT_SOURCE_DIR}/fft/embed_sources.cmake)  # FFT building blocks as literals

  # bench: `liftcl bench`'s measurement, reports and accuracy (long double FFTW, threaded).
  file(GLOB LIFTCL_BENCH_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/bench/lib/*.cpp)
  add_library(liftcl_bench STATIC ${LIFTCL_BENCH_SOURCES})
  target_link_libraries(liftcl_bench PUBLIC liftcl_fft fftw3 fftw3f fftw3l fftw3l_threads)

  # cli: the liftcl commands (compiler/), linked by the executable and the end-to-end tests.
  file(GLOB LIFTCL_CLI_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/compiler/*.cpp)
  list(FILTER LIFTCL_CLI_SOURCES EXCLUDE REGEX ".*/main\\.cpp$")
  add_library(liftcl_cli STATIC ${LIFTCL_CLI_SOURCES})
  target_link_libraries(liftcl_cli PUBLIC liftcl_fft liftcl_bench liftcl_exec liftcl_rewrite liftcl_codegen
    liftcl_runtime nlohmann_json::nlohmann_json CLI11::CLI11)

  foreach(target liftcl_ir liftcl_rewrite liftcl_exec liftcl_bench)
    liftcl_precompile_headers(${target} <fmt/format.h>)
  endforeach()
  foreach(target liftcl_codegen liftcl_fft liftcl_cli)
    liftcl_precompile_headers(${target} <fmt/format.h> <nlohmann/json.hpp>)
  endforeach()

  add_executable(liftcl ${PROJECT_SOURCE_DIR}/compiler/main.cpp)
  target_link_libraries(liftcl PRIVATE liftcl_cli)
  # Installed as liftcl::liftcl, which liftcl_add_kernels (cmake/LiftclAddKernels.cmake) runs.
  install(TARGETS liftcl EXPORT liftclTargets RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

if(LIFTCL_BUILD_TESTS AND LIFTCL_BUILD_COMPILER)
  enable_testing()
  find_package(FFTW3 QUIET)
  # One doctest executable per library suite: tests/<suite>/*.cpp, linking only its library and
  # those below it (docs/design.md); e2e drives the CLI.
  set(LIFTCL_TEST_LIBRARIES_ir liftcl_ir)
  set(LIFTCL_TEST_LIBRARIES_rewrite liftcl_rewrite)
  set(LIFTCL_TEST_LIBRARIES_codegen liftcl_codegen liftcl_rewrite liftcl_exec)
  set(LIFTCL_TEST_LIBRARIES_runtime liftcl_runtime)
  set(LIFTCL_TEST_LIBRARIES_fft liftcl_fft liftcl_exec fftw3 fftw3l fftw3f)
  set(LIFTCL_TEST_LIBRARIES_e2e liftcl_cli fftw3 fftw3l fftw3f)
  # doctest_main.cpp defines DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN before it includes doctest.
  set_source_files_properties(${PROJECT_SOURCE_DIR}/tests/support/doctest_main.cpp PROPERTIES
    SKIP_PRECOMPILE_HEADERS ON)
  foreach(suite ir rewrite codegen runtime e2e fft)
    file(GLOB suite_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/${suite}/*.cpp)
    if(suite_sources)
      add_executable(test_${suite} ${PROJECT_SOURCE_DIR}/tests/support/doctest_main.cpp ${suite_sources})
      target_link_libraries(test_${suite} PRIVATE ${LIFTCL_TEST_LIBRARIES_${suite}})
      target_include_directories(test_${suite} PRIVATE ${PROJECT_SOURCE_DIR}/tests)
      liftcl_precompile_headers(test_${suite} <fmt/format.h> <doctest/doctest.h>)
      target_compile_definitions(test_${suite} PRIVATE LIFTCL_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
        LIFTCL_BINARY="$<TARGET_FILE:liftcl>")
      # The fft suite is the longest (most of CI's test time under the sanitizers): its any-size,
      # local-plan, hierarchical and multidimensional files run as ctest entries of their own, so
      # `ctest -j2` keeps both cores busy (under ASan, s: the rest 680, local 611, any-size 445,
      # hierarchical 426, nd 335; wave 24).
      set(suite_tests ${suite})
      if(suite STREQUAL "fft")
        set(fft_own_files fft_any_size fft_auto_local fft_hierarchical fft_nd)
        list(TRANSFORM fft_own_files APPEND _test.cpp OUTPUT_VARIABLE fft_own_sources)
        list(TRANSFORM fft_own_sources PREPEND * OUTPUT_VARIABLE fft_own_patterns)
        list(JOIN fft_own_patterns , fft_rest_filter)
        add_test(NAME fft COMMAND test_fft -sfe=${fft_rest_filter})
        add_test(NAME fft_any_size COMMAND test_fft -sf=*fft_any_size_test.cpp)
        add_test(NAME fft_local COMMAND test_fft -sf=*fft_auto_local_test.cpp)
        add_test(NAME fft_hierarchical COMMAND test_fft -sf=*fft_hierarchical_test.cpp)
        add_test(NAME fft_nd COMMAND test_fft -sf=*fft_nd_test.cpp)
        list(APPEND suite_tests fft_any_size fft_local fft_hierarchical fft_nd)
        set_tests_properties(fft fft_any_size fft_local fft_hierarchical fft_nd PROPERTIES COST 1000)  # started first by ctest -j
      else()
        add_test(NAME ${suite} COMMAND test_${suite})
      endif()
      # LIFTCL_POISON_TEMPORARIES: FFT plans start their temporaries as NaN (runtime/fft/fft_plan.cpp).
      # A sanitized build runs several times slower; the limit is there to catch hangs.
      if(LIFTCL_SANITIZE)
        set(suite_timeout 2400)
      else()
        set(suite_timeout 1200)
      endif()
      set_tests_properties(${suite_tests} PROPERTIES TIMEOUT ${suite_timeout} ENVIRONMENT "LIFTCL_POISON_TEMPORARIES=1")
      if(suite STREQUAL "rewrite")
        set_tests_properties(rewrite PROPERTIES COST 500)  # the soundness test: next longest
      endif()
    endif()
  endforeach()
  include(${PROJECT_SOURCE_DIR}/cmake/LiftclOclgrind.cmake)
  # Each folder includes only the layers its row of tests/layering_check.cmake allows.
  add_test(NAME layering COMMAND ${CMAKE_COMMAND} -DROOT=${PROJECT_SOURCE_DIR}
    -P ${PROJECT_SOURCE_DIR}/tests/layering_check.cmake)
endif()
