// Listings of the Lift FFT thesis that several suites parse (the parser's and the elaborator's).
#pragma once

namespace liftcl::testing {

// Listing 4.1 of the thesis, with `def` in front of each definition and prepBmult-1 renamed.
inline const char* const kListing41 = R"(
def dotproduct = λ((xs,ys) ⇒ reduce(+,0) ∘ map(*) ∘ zip(xs,ys))
def matrixMult =
  λ((M,xs) ⇒ join ∘ map(λ(Mrow ⇒ dotproduct(xs,Mrow))) (M))

def prepBmultInv = join ∘ transpose
def prepBmult = transpose ∘ split(L/p)

def reorB = transpose ∘ map(transpose) (array3(p,p,L/p,genB))

def stockperm = join ∘ transpose ∘
  map(join ∘ transpose ∘ split(p)) ∘
  transpose ∘ split(n/L)

def stockhamPass =
  λ(vs ⇒ join ∘ transpose ∘
    map(λ(vectorMatrixColumn ⇒
      prepBmultInv ∘
      map(matrixMult,
        zip(reorB, prepBmult(vectorMatrixColumn)))
    )) ∘ transpose ∘ split(n/L) ∘ stockperm (vs))
)";

}  // namespace liftcl::testing
