package xapi

import (
	"net/http"

	"missingkey/xpay"
)

func Pay(w http.ResponseWriter, r *http.Request) {
	xpay.Charge(100) // want `a retry repeats the Stripe PaymentIntent create: the call carries no idempotency key: paymentintent.New\(\) in xpay.Charge \(xpay.go:\d+:\d+\) \(HTTP handler Pay\)`
}

// Negative: the helper is given the caller's key.
func PayKeyed(w http.ResponseWriter, r *http.Request) {
	xpay.ChargeKeyed(100, r.Header.Get("Idempotency-Key"))
}

// No option, or only options that fill no key: no key.
func PayPlain(w http.ResponseWriter, r *http.Request) {
	xpay.ChargeWith(100) // want `a retry repeats the Stripe PaymentIntent create: the call carries no idempotency key: paymentintent.New\(\) in xpay.ChargeWith \(xpay.go:\d+:\d+\) \(HTTP handler PayPlain\)`
}

func PayTagged(w http.ResponseWriter, r *http.Request) {
	xpay.ChargeLoop(100, xpay.WithMetadata(map[string]string{"a": "b"}), xpay.OnAccount("acct")) // want `a retry repeats the Stripe PaymentIntent create: the call carries no idempotency key: paymentintent.New\(\) in xpay.ChargeLoop \(xpay.go:\d+:\d+\) \(HTTP handler PayTagged\)`
}

// Negative: the key option is passed.
func PayOptKeyed(w http.ResponseWriter, r *http.Request) {
	xpay.Refund(100, xpay.WithMetadata(nil), xpay.WithKey("refund-"+r.PathValue("id")))
}

// Negative: options the handler was given, which may hold the key.
func payWith(w http.ResponseWriter, r *http.Request, opts []xpay.CallOption) {
	xpay.ChargeWith(100, opts...)
}
