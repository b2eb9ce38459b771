// Package xoptbuilduse builds its payment requests with options of its
// own.
package xoptbuilduse

import (
	"net/http"

	"github.com/google/uuid"

	"freshid/xoptbuild"
)

type payOptions struct{ key, memo string }

type payOption func(*payOptions)

func withKey(k string) payOption { return func(o *payOptions) { o.key = k } }

func newPayment(payee string, opts ...payOption) xoptbuild.Request {
	o := payOptions{memo: "payment"}
	for _, fn := range opts {
		fn(&o)
	}
	return xoptbuild.Request{IdempotencyKey: o.key, Payee: payee}
}

var bank = &xoptbuild.Client{HTTP: http.DefaultClient}

// Positive: the option sets a key made on each attempt.
func pay(w http.ResponseWriter, r *http.Request) {
	bank.Pay(r.Context(), newPayment("acme", withKey(uuid.NewString()))) // want `a retry sends a new value as the Idempotency-Key header, so the duplicate is not recognised: uuid.NewString\(\) is fresh on every attempt \(HTTP handler pay\)`
}

// Negative: the option sets the request's key.
func payKeyed(w http.ResponseWriter, r *http.Request) {
	bank.Pay(r.Context(), newPayment("acme", withKey(r.Header.Get("Idempotency-Key"))))
}
