// Package testapi serves endpoints that tests and demos drive: it replays
// a provider's webhook to the program's own endpoint. Its handlers are
// not production entry points.
package testapi

import (
	"bytes"
	"net/http"
)

type Handler struct{ Target string }

func (h *Handler) Confirm(w http.ResponseWriter, r *http.Request) {
	http.Post(h.Target, "application/json", bytes.NewReader([]byte(`{}`)))
}
