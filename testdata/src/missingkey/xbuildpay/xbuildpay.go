// Package xbuildpay builds its payment requests with options of its
// own, for a client of another package that keys a payment by a field.
package xbuildpay

import (
	"net/http"

	"freshid/xoptbuild"
)

type payOptions struct{ key, memo string }

type payOption func(*payOptions)

func withKey(k string) payOption { return func(o *payOptions) { o.key = k } }

func withMemo(m string) payOption { return func(o *payOptions) { o.memo = m } }

func newPayment(payee string, opts ...payOption) xoptbuild.Request {
	o := payOptions{memo: "payment"}
	for _, fn := range opts {
		fn(&o)
	}
	return xoptbuild.Request{IdempotencyKey: o.key, Payee: payee + " " + o.memo}
}

var bank = &xoptbuild.Client{HTTP: http.DefaultClient}

// Positive: no option sets the key the request's field carries.
func pay(w http.ResponseWriter, r *http.Request) {
	bank.Pay(r.Context(), newPayment("acme", withMemo("invoice 7"))) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in xoptbuild.Client.Pay \(xoptbuild.go:\d+:\d+\) \(HTTP handler pay\)`
}

// Negative: an option sets the request's key.
func payKeyed(w http.ResponseWriter, r *http.Request) {
	bank.Pay(r.Context(), newPayment("acme", withKey(r.Header.Get("Idempotency-Key"))))
}
