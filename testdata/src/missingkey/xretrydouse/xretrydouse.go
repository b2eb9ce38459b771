package xretrydouse

import (
	"net/http"

	"missingkey/xretrydo"
)

// Handler serves substitutions.
type Handler struct {
	Processor *xretrydo.Client
	Capturer  *xretrydo.Capturer
}

// Substitute raises the authorisation without a key.
func (h *Handler) Substitute(w http.ResponseWriter, r *http.Request) {
	if err := h.Processor.Increment(r.Context(), xretrydo.IncrementRequest{AuthorisationRef: r.FormValue("auth"), AmountPence: 120}); err != nil { // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.do\(\) in xretrydo.Client.Increment \(xretrydo.go:\d+:\d+\) \(HTTP handler Handler.Substitute\)`
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// Negative: the substitution's ID keys it.
func (h *Handler) SubstituteOnce(w http.ResponseWriter, r *http.Request) {
	sub := r.FormValue("substitution")
	if err := h.Processor.Increment(r.Context(), xretrydo.IncrementRequest{AuthorisationRef: r.FormValue("auth"), AmountPence: 120, IdempotencyKey: "sub-" + sub}); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// Capture captures the authorisation without a key.
func (h *Handler) Capture(w http.ResponseWriter, r *http.Request) {
	if err := h.Capturer.Capture(r.Context(), r.FormValue("auth"), ""); err != nil { // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Capturer.do\(\) in xretrydo.Capturer.Capture \(xretrydo.go:\d+:\d+\) \(HTTP handler Handler.Capture\)`
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// Negative: the authorisation's capture is keyed by it.
func (h *Handler) CaptureOnce(w http.ResponseWriter, r *http.Request) {
	auth := r.FormValue("auth")
	if err := h.Capturer.Capture(r.Context(), auth, "capture-"+auth); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}
