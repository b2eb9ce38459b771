package httpapi

import (
	"net/http"

	"example.com/wiredtx/app"
)

// TextHandler sends texts through the service.
type TextHandler struct{ Texts *app.Texts }

func (h *TextHandler) Remind(w http.ResponseWriter, r *http.Request) {
	h.Texts.Remind(r.Context(), r.FormValue("to"))
}

func (h *TextHandler) Confirm(w http.ResponseWriter, r *http.Request) {
	h.Texts.Confirm(r.Context(), r.Header.Get("Idempotency-Key"), r.FormValue("to"))
}
