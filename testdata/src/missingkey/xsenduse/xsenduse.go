// Package xsenduse describes its requests to another package's sender.
package xsenduse

import (
	"net/http"

	"missingkey/xsend"
	"missingkey/xsendclient"
)

// Positive: a POST whose headers carry no key.
func charge(w http.ResponseWriter, r *http.Request) {
	h := http.Header{}
	h.Set("Authorization", "Bearer t")
	xsend.Do(r.Context(), http.DefaultClient, xsend.Request{Method: http.MethodPost, URL: "https://pay.example/v1/charges", Header: h}) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler charge\)`
}

// Negative: the headers carry the request's key.
func chargeKeyed(w http.ResponseWriter, r *http.Request) {
	h := http.Header{}
	h.Set("Idempotency-Key", r.Header.Get("Idempotency-Key"))
	xsend.Do(r.Context(), http.DefaultClient, xsend.Request{Method: http.MethodPost, URL: "https://pay.example/v1/charges", Header: h})
}

// Positive: a sender that makes and sends each attempt in a helper.
func chargeAttempts(w http.ResponseWriter, r *http.Request) {
	xsend.DoAttempts(r.Context(), http.DefaultClient, xsend.Request{Method: http.MethodPost, URL: "https://pay.example/v1/charges", Header: http.Header{}}) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler chargeAttempts\)`
}

// Negative: the same sender, given the request's key.
func chargeAttemptsKeyed(w http.ResponseWriter, r *http.Request) {
	h := http.Header{}
	h.Set("Idempotency-Key", r.Header.Get("Idempotency-Key"))
	xsend.DoAttempts(r.Context(), http.DefaultClient, xsend.Request{Method: http.MethodPost, URL: "https://pay.example/v1/charges", Header: h})
}

var jobs = &xsendclient.Jobs{HTTP: http.DefaultClient}

// Positive: a job without the reference the print shop drops a repeat
// by, through a client that hands it whole to a sender.
func printBadge(w http.ResponseWriter, r *http.Request) {
	jobs.Submit(r.Context(), xsendclient.JobRequest{Product: "badge"}) // want `a retry repeats the HTTP POST: the input sets no client_reference: xsend.Post\(\) in xsendclient.Jobs.Submit \(xsendclient.go:\d+:\d+\) \(HTTP handler printBadge\)`
}

// Negative: the job carries the request's key as its reference.
func printBadgeKeyed(w http.ResponseWriter, r *http.Request) {
	jobs.Submit(r.Context(), xsendclient.JobRequest{Product: "badge", ClientReference: r.Header.Get("Idempotency-Key")})
}

// Negative: a body the call makes as a map, with the reference the
// carrier drops a repeat by.
func reserveReferenced(w http.ResponseWriter, r *http.Request) {
	body := map[string]any{"plan": "eu", "order_reference": r.FormValue("order")}
	xsend.Post(r.Context(), http.DefaultClient, xsend.Request{Method: http.MethodPost, URL: "https://carrier.example/v1/reserve", Body: body})
}

// Positive: a map body with no such entry.
func reserveBare(w http.ResponseWriter, r *http.Request) {
	body := map[string]any{"plan": "eu"}
	xsend.Post(r.Context(), http.DefaultClient, xsend.Request{Method: http.MethodPost, URL: "https://carrier.example/v1/reserve", Body: body}) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler reserveBare\)`
}

// Negative: a GET changes nothing.
func status(w http.ResponseWriter, r *http.Request) {
	xsend.Do(r.Context(), http.DefaultClient, xsend.Request{Method: http.MethodGet, URL: "https://pay.example/v1/charges/1", Header: http.Header{}})
}

// Negative: a method the caller is given is not known here.
func forward(w http.ResponseWriter, r *http.Request) {
	xsend.Do(r.Context(), http.DefaultClient, xsend.Request{Method: r.Method, URL: "https://pay.example/v1/charges", Header: http.Header{}})
}

var bank = &xsendclient.Client{HTTP: http.DefaultClient}

// Positive: the client's key is an option this call leaves out.
func transfer(w http.ResponseWriter, r *http.Request) {
	bank.Transfer(r.Context()) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header: xsend.DoRetried\(\) in xsendclient.Client.Transfer \(xsendclient.go:\d+:\d+\) \(HTTP handler transfer\)`
}

// Negative: the option carries the request's key.
func transferKeyed(w http.ResponseWriter, r *http.Request) {
	bank.Transfer(r.Context(), xsendclient.WithKey(r.Header.Get("Idempotency-Key")))
}

var refunds = &xsendclient.Refunds{API: xsend.NewClient("https://pay.example")}

// Positive: the key is an option of the options struct the client's
// header method reads, and this call gives none.
func refund(w http.ResponseWriter, r *http.Request) {
	refunds.Refund(r.Context()) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Send\(\) in xsendclient.Refunds.Refund \(xsendclient.go:\d+:\d+\) \(HTTP handler refund\)`
}

// Negative: the option carries the request's key.
func refundKeyed(w http.ResponseWriter, r *http.Request) {
	refunds.Refund(r.Context(), xsendclient.RefundKey(r.Header.Get("Idempotency-Key")))
}

var api = xsend.NewClient("https://pay.example")

// Negative: the client sets the header from the key its caller gives.
func payout(w http.ResponseWriter, r *http.Request) {
	api.SendKeyed(r.Context(), xsend.Keyed{Method: http.MethodPost, Path: "/v1/payouts", Key: r.Header.Get("Idempotency-Key")})
}

// Positive: the key the client would send is empty.
func payoutUnkeyed(w http.ResponseWriter, r *http.Request) {
	api.SendKeyed(r.Context(), xsend.Keyed{Method: http.MethodPost, Path: "/v1/payouts", Key: ""}) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler payoutUnkeyed\)`
}

// Positive: a request without headers carries no key, and there is no
// slot here for a fix to fill.
func cancel(w http.ResponseWriter, r *http.Request) {
	api.SendPlain(r.Context(), xsend.Plain{Method: http.MethodPost, Path: "/v1/cancellations"}) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler cancel\)`
}

var payouts = &xsendclient.Payouts{HTTP: http.DefaultClient}

// Positive: the client's key is a header option this call leaves out,
// or gives only another header's.
func sendPayout(w http.ResponseWriter, r *http.Request) {
	payouts.Pay(r.Context()) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header: xsend.Do\(\) in xsendclient.Payouts.Pay \(xsendclient.go:\d+:\d+\) \(HTTP handler sendPayout\)`
}

func payoutTraced(w http.ResponseWriter, r *http.Request) {
	payouts.Pay(r.Context(), xsendclient.PayoutTrace(r.Header.Get("Traceparent"))) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header: xsend.Do\(\) in xsendclient.Payouts.Pay \(xsendclient.go:\d+:\d+\) \(HTTP handler payoutTraced\)`
}

// Negative: the header option carries the request's key.
func payoutKeyed(w http.ResponseWriter, r *http.Request) {
	payouts.Pay(r.Context(), xsendclient.PayoutKey(r.Header.Get("Idempotency-Key")))
}

// Negative: the client sets the key on the map its helper makes.
func payoutSetKey(w http.ResponseWriter, r *http.Request) {
	payouts.PayKeyed(r.Context(), r.Header.Get("Idempotency-Key"))
}

// Positive: the client sets another header on that map.
func payoutSetTrace(w http.ResponseWriter, r *http.Request) {
	payouts.PayTraced(r.Context(), r.Header.Get("Traceparent")) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header: xsend.Do\(\) in xsendclient.Payouts.PayTraced \(xsendclient.go:\d+:\d+\) \(HTTP handler payoutSetTrace\)`
}

var captures = &xsendclient.Captures{API: xsend.NewClient("https://pay.example")}

// capture sends a capture without the key the request can carry.
func capture(w http.ResponseWriter, r *http.Request) {
	captures.Capture(r.Context(), xsendclient.CaptureRequest{Amount: 100}) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Send\(\) in xsendclient.Captures.Capture \(xsendclient.go:\d+:\d+\) \(HTTP handler capture\)`
}

// captureKeyed sends it under the request's key.
func captureKeyed(w http.ResponseWriter, r *http.Request) {
	captures.Capture(r.Context(), xsendclient.CaptureRequest{Amount: 100, IdempotencyKey: r.Header.Get("Idempotency-Key")})
}

var wires = &xsendclient.Wires{HTTP: http.DefaultClient}

// Positive: a wire given no option, which the transport would apply
// to the request.
func wire(w http.ResponseWriter, r *http.Request) {
	wires.Create(r.Context()) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header`
}

// Negative: a wire given the client's key option.
func wireKeyed(w http.ResponseWriter, r *http.Request) {
	wires.Create(r.Context(), xsendclient.WireKey(r.Header.Get("Idempotency-Key")))
}

// Positive: the transport called directly, with no option.
func remit(w http.ResponseWriter, r *http.Request) {
	xsend.Send(r.Context(), http.DefaultClient, http.MethodPost, "https://bank.example/v1/remits") // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler remit\)`
}

// Negative: the transport given the request's key as a header option.
func remitKeyed(w http.ResponseWriter, r *http.Request) {
	xsend.Send(r.Context(), http.DefaultClient, http.MethodPost, "https://bank.example/v1/remits", xsend.WithHeader("Idempotency-Key", r.Header.Get("Idempotency-Key")))
}

var texts = &xsendclient.Texts{HTTP: http.DefaultClient}

// Positive: a message without the reference the gateway drops a repeat
// by, which the client sends inside a request of its own.
func text(w http.ResponseWriter, r *http.Request) {
	texts.Send(r.Context(), xsendclient.Text{To: r.FormValue("to"), Body: "hold placed"}) // want `a retry repeats the HTTP POST: the input sets no client_ref`
}

// Negative: the message carries the request's key as its reference.
func textKeyed(w http.ResponseWriter, r *http.Request) {
	texts.Send(r.Context(), xsendclient.Text{To: r.FormValue("to"), Body: "hold placed", ClientRef: r.Header.Get("Idempotency-Key")})
}
