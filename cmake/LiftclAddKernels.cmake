# liftcl_add_kernels: generate C++ headers that embed liftcl kernels, at build time.
#
#   liftcl_add_kernels(TARGET <target>
#                      PROGRAMS <file.lift:definition[:set[:strategy]]>...
#                      [PRECISION f32|f64]          # default f64
#                      [TWIDDLES table|digits|sincos]
#                      [NAMESPACE <ns>]             # default liftcl_kernels
#                      [DEPENDS <file>...])         # files the programs import
#
# Each program becomes <definition>.hpp (class <ns>::<definition>, see compiler/header_emitter.hpp)
# made by `liftcl compile FILE --def DEF --set SET --strategy STRATEGY --emit header`; `set` is a
# `--set` value such as n=1024,p=4 (empty: the nat parameters stay launch-time arguments) and
# `strategy` a named lowering strategy such as lower-global (empty: the definition is already
# low-level). Relative .lift paths are relative to the current source directory. The headers are
# regenerated when the .lift file, a DEPENDS file or the liftcl executable change; their directory
# is added to the target's include path. The target must link liftcl::runtime itself.
#
# The liftcl executable is liftcl::liftcl (find_package(liftcl)) or the in-tree `liftcl` target.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/LiftclFunctionSupport.cmake")

function(liftcl_add_kernels)
  cmake_parse_arguments(PARSE_ARGV 0 ARG "" "TARGET;PRECISION;TWIDDLES;NAMESPACE" "PROGRAMS;DEPENDS")
  _liftcl_check_arguments(liftcl_add_kernels)
  if(NOT ARG_PROGRAMS)
    message(FATAL_ERROR "liftcl_add_kernels(TARGET ${ARG_TARGET}): no PROGRAMS given")
  endif()
  _liftcl_executable(liftcl_exe liftcl_add_kernels)
  if(NOT ARG_PRECISION)
    set(ARG_PRECISION f64)
  endif()
  if(NOT ARG_TWIDDLES)
    set(ARG_TWIDDLES table)
  endif()
  if(NOT ARG_NAMESPACE)
    set(ARG_NAMESPACE liftcl_kernels)
  endif()

  set(out_dir "${CMAKE_CURRENT_BINARY_DIR}/liftcl_kernels/${ARG_TARGET}")
  set(headers "")
  foreach(program IN LISTS ARG_PROGRAMS)
    string(REPLACE ":" ";" fields "${program}")
    list(LENGTH fields count)
    if(count LESS 2 OR count GREATER 4)
      message(FATAL_ERROR "liftcl_add_kernels: '${program}' is not file.lift:definition[:set[:strategy]]")
    endif()
    list(GET fields 0 lift_file)
    list(GET fields 1 definition)
    set(set_value "")
    set(strategy "")
    if(count GREATER 2)
      list(GET fields 2 set_value)
    endif()
    if(count GREATER 3)
      list(GET fields 3 strategy)
    endif()
    if(NOT definition MATCHES "^[A-Za-z_][A-Za-z0-9_]*$")
      message(FATAL_ERROR "liftcl_add_kernels: definition '${definition}' of '${program}' is not an identifier")
    endif()
    get_filename_component(lift_file "${lift_file}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    if(NOT EXISTS "${lift_file}")
      message(FATAL_ERROR "liftcl_add_kernels: ${lift_file} (of '${program}') does not exist")
    endif()
    set(header "${out_dir}/${definition}.hpp")
    if(header IN_LIST headers)
      message(FATAL_ERROR "liftcl_add_kernels(TARGET ${ARG_TARGET}): two programs named ${definition}")
    endif()
    list(APPEND headers "${header}")

    set(args compile "${lift_file}" --def "${definition}" --precision "${ARG_PRECISION}"
      --twiddles "${ARG_TWIDDLES}" --emit header --namespace "${ARG_NAMESPACE}" -o "${header}")
    if(NOT set_value STREQUAL "")
      list(APPEND args --set "${set_value}")
    endif()
    if(NOT strategy STREQUAL "")
      list(APPEND args --strategy "${strategy}")
    endif()
    add_custom_command(
      OUTPUT "${header}"
      COMMAND ${CMAKE_COMMAND} -E make_directory "${out_dir}"
      COMMAND ${liftcl_exe} ${args}
      DEPENDS "${lift_file}" ${ARG_DEPENDS} $<TARGET_FILE:${liftcl_exe}>
      COMMENT "liftcl: ${definition} from ${program}"
      VERBATIM)
  endforeach()
  target_sources(${ARG_TARGET} PRIVATE ${headers})
  target_include_directories(${ARG_TARGET} PRIVATE "${out_dir}")
endfunction()
