package xapi

import (
	"net/http"

	"missingkey/xmail"
	"missingkey/xpay"
	"missingkey/xpost"
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

// A mail API's message, whose client-supplied ID it drops a repeated
// send by.
type mailMessage struct {
	To        string `json:"to"`
	MessageID string `json:"message_id"`
}

// A note, which carries no key.
type note struct {
	To, Text string
}

// Negative: the helper posts a body with a field for the key.
func Mail(w http.ResponseWriter, r *http.Request) {
	xpost.PostJSON(r.Context(), "https://mail.example/v1/messages", mailMessage{To: "a@example.com", MessageID: r.Header.Get("Idempotency-Key")})
}

func Note(w http.ResponseWriter, r *http.Request) {
	xpost.PostJSON(r.Context(), "https://notes.example/v1/notes", note{To: "a", Text: "b"}) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in xpost.PostJSON \(xpost.go:\d+:\d+\) \(HTTP handler Note\)`
}

// Negative: a helper of another package posts a body with a field for
// the key.
func MailVia(w http.ResponseWriter, r *http.Request) {
	xmail.Send(r.Context(), "a@example.com", r.Header.Get("Idempotency-Key"))
}

// Negative: a helper of another package posts, without a key, to a
// search endpoint.
func SearchVia(w http.ResponseWriter, r *http.Request) {
	xmail.Search(r.Context(), r.FormValue("q"))
}

// Negative: a helper of another package has its own helper post to a
// search endpoint.
func LookupVia(w http.ResponseWriter, r *http.Request) {
	xmail.Lookup(r.Context(), r.FormValue("q"))
}

// A helper of another package orders a search: a POST to the collection
// of searches makes one.
func OrderSearchVia(w http.ResponseWriter, r *http.Request) {
	xmail.OrderSearch(r.Context(), r.FormValue("q")) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in xmail.postTo \(xmail.go:\d+:\d+\) \(HTTP handler OrderSearchVia\)`
}
