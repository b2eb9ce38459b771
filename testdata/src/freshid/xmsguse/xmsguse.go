// Package xmsguse sends messages another package's constructor builds
// from options.
package xmsguse

import (
	"net/http"

	"github.com/google/uuid"

	"freshid/xmsg"
)

var client = &xmsg.Client{HTTP: http.DefaultClient}

// Positive: the option sets a key made on each attempt.
func invite(w http.ResponseWriter, r *http.Request) {
	client.Send(r.Context(), xmsg.New("+15550100", "welcome", xmsg.WithKey(uuid.NewString()))) // want `a retry sends a new value as the Idempotency-Key header, so the duplicate is not recognised: uuid.NewString\(\) is fresh on every attempt \(HTTP handler invite\)`
}

// Negative: the option sets the request's key.
func remind(w http.ResponseWriter, r *http.Request) {
	client.Send(r.Context(), xmsg.New("+15550100", "reminder", xmsg.WithKey(r.Header.Get("Idempotency-Key"))))
}
