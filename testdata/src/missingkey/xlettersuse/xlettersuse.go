package xlettersuse

import (
	"net/http"

	"missingkey/xletters"
)

// Handler serves the notices.
type Handler struct{ Letters *xletters.Client }

// Notice mails a notice without the reference.
func (h *Handler) Notice(w http.ResponseWriter, r *http.Request) {
	if err := h.Letters.SendLetter(r.Context(), r.FormValue("to")); err != nil { // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in xletters.Client.SendLetter \(xletters.go:\d+:\d+\) \(HTTP handler Handler.Notice\); pass xletters.WithClientReference`
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// Negative: the notice's reference is the request's key.
func (h *Handler) NoticeOnce(w http.ResponseWriter, r *http.Request) {
	if err := h.Letters.SendLetter(r.Context(), r.FormValue("to"), xletters.WithClientReference(r.Header.Get("Idempotency-Key"))); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// Negative: the package's request key is the event's.
func (h *Handler) Package(w http.ResponseWriter, r *http.Request) {
	event := r.FormValue("event")
	if err := h.Letters.RequestPackage(r.Context(), event, "pkg-"+event); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}
