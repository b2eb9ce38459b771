package xapi

import (
	"net/http"

	"missingkey/xpay"
)

func Pay(w http.ResponseWriter, r *http.Request) {
	xpay.Charge(100) // want `a retry repeats the Stripe PaymentIntent create: the call carries no idempotency key: paymentintent.New\(\) in xpay.Charge \(xpay.go:11:12\) \(HTTP handler Pay\)`
}

// Negative: the helper is given the caller's key.
func PayKeyed(w http.ResponseWriter, r *http.Request) {
	xpay.ChargeKeyed(100, r.Header.Get("Idempotency-Key"))
}
