package hooks

import (
	"context"
	"net/http"

	"example.com/wiredfields/sms"
)

// Texter sends texts; main wires the gateway's client.
type Texter interface {
	Send(ctx context.Context, m sms.Message) error
}

// Texts answers the texting endpoints.
type Texts struct{ SMS Texter }

// Confirm texts under the request's own reference: the gateway drops a
// repeat.
func (t *Texts) Confirm(w http.ResponseWriter, r *http.Request) {
	t.SMS.Send(r.Context(), sms.Message{To: r.FormValue("to"), Body: "confirmed", Reference: "confirm-" + r.FormValue("order")})
}

// Remind texts with no reference.
func (t *Texts) Remind(w http.ResponseWriter, r *http.Request) {
	t.SMS.Send(r.Context(), sms.Message{To: r.FormValue("to"), Body: "see you"})
}
