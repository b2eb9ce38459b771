package xpbmuse

import (
	"net/http"

	"github.com/google/uuid"

	"freshid/xpbm"
)

type API struct{ pbm *xpbm.Client }

// Reverse reverses the claim through the client's retry policy.
func (a *API) Reverse(w http.ResponseWriter, r *http.Request) {
	if _, err := a.pbm.ReverseClaim(r.Context(), r.PathValue("claim"), "cancelled"); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// Negative: the reversal's reference is the claim's.
func (a *API) ReverseOnce(w http.ResponseWriter, r *http.Request) {
	if _, err := a.pbm.ReverseWithReference(r.Context(), r.PathValue("claim"), "cancelled"); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// A fresh submitter reference on every attempt.
func (a *API) PriorAuth(w http.ResponseWriter, r *http.Request) {
	pa := xpbm.PriorAuth{SubmitterRef: uuid.NewString(), Drug: r.FormValue("drug")} // want `a retry sends a new value as the request.s SubmitterRef field, the reference by which its receiver knows it, so the duplicate is not recognised: uuid.NewString\(\) is fresh on every attempt \(HTTP handler API.PriorAuth\)`
	if err := a.pbm.SubmitPriorAuth(r.Context(), pa); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// Negative: the amended request's reference is what the amendment is
// about, the same on every attempt whatever it holds; its own reference
// is the caller's key.
func (a *API) Amend(w http.ResponseWriter, r *http.Request) {
	pa := xpbm.PriorAuth{SubmitterRef: r.Header.Get("Idempotency-Key"), OriginalRef: uuid.NewString(), Drug: r.FormValue("drug")}
	if err := a.pbm.SubmitPriorAuth(r.Context(), pa); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// Negative: a trace's ID is no reference.
func (a *API) Trace(w http.ResponseWriter, r *http.Request) {
	_ = a.pbm.ExportTrace(r.Context())
}
