# Shared by liftcl_add_kernels (LiftclAddKernels.cmake) and liftcl_add_fft_plans
# (LiftclAddFftPlans.cmake): the checks of their arguments and the liftcl executable they run.
include_guard(GLOBAL)

# _liftcl_check_arguments(<function>): fails, naming <function>, when cmake_parse_arguments left
# unknown arguments or ARG_TARGET names no target.
macro(_liftcl_check_arguments function)
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${function}: unknown arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT ARG_TARGET OR NOT TARGET "${ARG_TARGET}")
    message(FATAL_ERROR "${function}: TARGET must name an existing target (got '${ARG_TARGET}')")
  endif()
endmacro()

# _liftcl_executable(<variable> <function>): sets <variable> to liftcl::liftcl (find_package(liftcl))
# or the in-tree liftcl target; fails, naming <function>, when there is neither.
function(_liftcl_executable variable function)
  if(TARGET liftcl::liftcl)
    set(${variable} liftcl::liftcl PARENT_SCOPE)
  elseif(TARGET liftcl)
    set(${variable} liftcl PARENT_SCOPE)
  else()
    message(FATAL_ERROR "${function}: no liftcl executable (find_package(liftcl) installs liftcl::liftcl)")
  endif()
endfunction()
