package a

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/cenkalti/backoff/v4"
	"github.com/hashicorp/go-retryablehttp"
	"github.com/hibiken/asynq"
	"github.com/labstack/echo/v4"
)

func book(w http.ResponseWriter, r *http.Request) {
	req, _ := http.NewRequestWithContext(r.Context(), http.MethodPost, "https://carrier.example/v1/bookings", nil)
	req.Header.Set("Content-Type", "application/json")
	http.DefaultClient.Do(req) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler book\)`
}

func patch(w http.ResponseWriter, r *http.Request) {
	req, _ := http.NewRequest("PATCH", "https://carrier.example/v1/bookings/1", nil)
	http.DefaultClient.Do(req) // want `HTTP PATCH`
}

func postTask(ctx context.Context, t *asynq.Task) error {
	_, err := http.Post("https://hooks.example/notify", "application/json", bytes.NewReader(t.Payload())) // want `HTTP POST: the request carries no Idempotency-Key header \(asynq handler postTask\)`
	return err
}

func postForm(c echo.Context) error {
	_, err := http.DefaultClient.PostForm("https://carrier.example/book", url.Values{}) // want `echo handler postForm`
	return err
}

// go-retryablehttp retries by itself: reported wherever it is.
func notify(ctx context.Context, client *retryablehttp.Client) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, "POST", "https://carrier.example/bookings", nil)
	if err != nil {
		return err
	}
	_, err = client.Do(req) // want `retried HTTP POST: the request carries no Idempotency-Key header \(go-retryablehttp retries the request itself\)`
	return err
}

type dispatchRequest struct {
	ClientReference string `json:"client_reference"`
	Trade           string `json:"trade"`
}

type quoteRequest struct {
	Trade string `json:"trade"`
}

// postRetried posts a body it encodes itself, as go-retryablehttp
// takes it: bytes, not a reader.
func postRetried(ctx context.Context, client *retryablehttp.Client, url string, body any) error {
	payload, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, "POST", url, payload)
	if err != nil {
		return err
	}
	_, err = client.Do(req)
	return err
}

// dispatch's every caller gives a body with the field its receiver
// drops a repeat by: keyed where the receiver reads it.
func dispatch(ctx context.Context, client *retryablehttp.Client, ref string) error {
	return postRetried(ctx, client, "https://vendors.example/work-orders", dispatchRequest{ClientReference: ref, Trade: "plumbing"})
}

func postRetriedBare(ctx context.Context, client *retryablehttp.Client, url string, body any) error {
	payload, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, "POST", url, payload)
	if err != nil {
		return err
	}
	_, err = client.Do(req) // want `retried HTTP POST: the request carries no Idempotency-Key header \(go-retryablehttp retries the request itself\)`
	return err
}

// quote gives one without it.
func quote(ctx context.Context, client *retryablehttp.Client) error {
	return postRetriedBare(ctx, client, "https://vendors.example/work-orders", quoteRequest{Trade: "plumbing"})
}

func notifyPost(client *retryablehttp.Client) {
	client.Post("https://carrier.example/bookings", "application/json", nil) // want `retried HTTP POST`
}

func withBackoff(ctx context.Context) error {
	return backoff.Retry(func() error {
		req, _ := http.NewRequestWithContext(ctx, "POST", "https://ledger.example/entries", nil)
		_, err := http.DefaultClient.Do(req) // want `backoff.Retry operation`
		return err
	}, backoff.NewExponentialBackOff())
}

// Negative: the key from the message.
func forward(msg *message.Message) error {
	req, _ := http.NewRequest("POST", "https://carrier.example/bookings", nil)
	req.Header.Set("Idempotency-Key", msg.UUID)
	_, err := http.DefaultClient.Do(req)
	return err
}

// Negative: the header set through the map.
func forwardMap(msg *message.Message) error {
	req, _ := http.NewRequest("POST", "https://carrier.example/bookings", nil)
	req.Header["Idempotency-Key"] = []string{msg.UUID}
	_, err := http.DefaultClient.Do(req)
	return err
}

// Negative: GET, PUT and DELETE are idempotent.
func reads(w http.ResponseWriter, r *http.Request) {
	get, _ := http.NewRequest("GET", "https://carrier.example/bookings/1", nil)
	http.DefaultClient.Do(get)
	put, _ := http.NewRequest(http.MethodPut, "https://carrier.example/bookings/1", nil)
	http.DefaultClient.Do(put)
	del, _ := http.NewRequest(http.MethodDelete, "https://carrier.example/bookings/1", nil)
	http.DefaultClient.Do(del)
}

// Negative: POSTs that read: a token, a search, a GraphQL query, a
// background check's searches and traces, a party's screening, a
// lookup, an insurer's eligibility, stock's availability, a payer's
// inquiry, a check of tickets' barcodes.
func readPosts(w http.ResponseWriter, r *http.Request) {
	http.PostForm("https://auth.example/oauth/token", url.Values{})
	http.Post("https://search.example/v1/search", "application/json", nil)
	http.Post(baseURL+"/graphql", "application/json", nil)
	http.Post(baseURL+"/v1/addresses:validate", "application/json", nil)
	http.Post(baseURL+"/v1/shipments/rates", "application/json", nil)
	http.Post(baseURL+"/federalcriminalsearch", "application/json", nil)
	http.Post(baseURL+"/ssntrace", "application/json", nil)
	http.Post(baseURL+"/v1/screen", "application/json", nil)
	http.Post(baseURL+"/v2/plate-lookups", "application/json", nil)
	http.Post(baseURL+"/v2/eligibility", "application/json", nil)
	http.Post(baseURL+"/v1/stock_availability", "application/json", nil)
	http.Post(baseURL+"/278/inquiries", "application/json", nil)
	http.Post(baseURL+"/v2/events/e1/tickets:verify", "application/json", nil)
	quote, _ := http.NewRequestWithContext(r.Context(), http.MethodPost, "https://carrier.example/v2/quote", nil)
	http.DefaultClient.Do(quote)
}

// Creating a shipment is no read, though its address has "rates" in it;
// nor is a lookup's booking.
func buyLabel(w http.ResponseWriter, r *http.Request) {
	http.Post(baseURL+"/v1/rates/shipments", "application/json", nil) // want `HTTP POST: the request carries no Idempotency-Key header \(HTTP handler buyLabel\)`
	http.Post(baseURL+"/v1/lookup-bookings", "application/json", nil) // want `HTTP POST: the request carries no Idempotency-Key header \(HTTP handler buyLabel\)`
	// A verification a provider starts (a KYC check, a code sent by
	// SMS) is made on the POST: no read.
	http.Post(baseURL+"/v2/verifications", "application/json", nil) // want `HTTP POST: the request carries no Idempotency-Key header \(HTTP handler buyLabel\)`
}

var baseURL = "https://api.example"

// Negative: the request is made elsewhere: the method is unknown.
func elsewhere(w http.ResponseWriter, r *http.Request) {
	http.DefaultClient.Do(newBookingRequest(r.Context()))
}

func newBookingRequest(ctx context.Context) *http.Request {
	req, _ := http.NewRequestWithContext(ctx, "POST", "https://carrier.example/bookings", nil)
	return req
}

// The request goes through a helper of the package, which sets other
// headers only: the analysis reads it.
func signed(w http.ResponseWriter, r *http.Request) {
	req, _ := http.NewRequest("POST", "https://carrier.example/bookings", nil)
	sign(req)
	http.DefaultClient.Do(req) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler signed\)`
}

func sign(req *http.Request) {
	req.Header.Set("Authorization", "Bearer token")
}

// Negative: a helper, two calls deep, sets the key.
func keyedByHelper(w http.ResponseWriter, r *http.Request) {
	req, _ := http.NewRequest("POST", "https://carrier.example/bookings", nil)
	prepare(req, r.Header.Get("Idempotency-Key"))
	http.DefaultClient.Do(req)
}

func prepare(req *http.Request, key string) {
	sign(req)
	setKey(req, key)
}

func setKey(req *http.Request, key string) {
	req.Header.Set("Idempotency-Key", key)
}

// Negative: the helper hands the request to a function value, which may
// set the header: no proof.
func hooked(w http.ResponseWriter, r *http.Request) {
	req, _ := http.NewRequest("POST", "https://carrier.example/bookings", nil)
	decorateRequest(req)
	http.DefaultClient.Do(req)
}

var decorators []func(*http.Request)

func decorateRequest(req *http.Request) {
	for _, d := range decorators {
		d(req)
	}
}

// Negative: a retryablehttp GET.
func poll(client *retryablehttp.Client) {
	client.Get("https://carrier.example/bookings/1")
}

// Negative: a webhook delivery carries the event's stable ID in the
// header its receivers deduplicate on.
func deliverWebhook(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://subscriber.example/hooks", bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	req.Header.Set("webhook-id", t.ResultWriter().TaskID())
	_, err = http.DefaultClient.Do(req)
	return err
}

// Negative: a body made as a map whose entry carries the order's
// reference, which the carrier drops a repeat by.
func reserveByReference(ctx context.Context, t *asynq.Task) error {
	body, err := json.Marshal(map[string]any{"plan": "eu-5gb", "order_reference": string(t.Payload())})
	if err != nil {
		return err
	}
	_, err = http.Post("https://carrier.example/v1/profiles/reserve", "application/json", bytes.NewReader(body))
	return err
}

// A map body with no such entry is keyed by nothing, an order's ID
// among its data included.
func reserveUnreferenced(ctx context.Context, t *asynq.Task) error {
	body, err := json.Marshal(map[string]any{"plan": "eu-5gb", "order_id": string(t.Payload())})
	if err != nil {
		return err
	}
	_, err = http.Post("https://carrier.example/v1/profiles/reserve", "application/json", bytes.NewReader(body)) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(asynq handler reserveUnreferenced\)`
	return err
}

// A reference set on some paths only keys the others' requests with
// nothing.
func reserveMaybeReferenced(ctx context.Context, t *asynq.Task) error {
	m := map[string]any{"plan": "eu-5gb"}
	if ref := string(t.Payload()); ref != "" {
		m["order_reference"] = ref
	}
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	_, err = http.Post("https://carrier.example/v1/profiles/reserve", "application/json", bytes.NewReader(body)) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(asynq handler reserveMaybeReferenced\)`
	return err
}

// Negative: the sender's own event-ID header (X-<sender>-Event-Id).
func deliverVendorHeader(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://subscriber.example/hooks", bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	req.Header.Set("X-Quaymile-Event-Id", t.ResultWriter().TaskID())
	_, err = http.DefaultClient.Do(req)
	return err
}

// Negative: the sender's delivery header without the X- prefix
// (<Sender>-Delivery).
func deliverPlainVendorHeader(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://subscriber.example/hooks", bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	req.Header.Set("Quaymile-Delivery", t.ResultWriter().TaskID())
	_, err = http.DefaultClient.Do(req)
	return err
}

// A header whose segments do not make an event ID keys nothing.
func deliverTracedVendor(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://subscriber.example/hooks", bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	req.Header.Set("X-Quaymile-Trace-Event-Ref", t.ResultWriter().TaskID())
	_, err = http.DefaultClient.Do(req) // want `HTTP POST: the request carries no Idempotency-Key header \(asynq handler deliverTracedVendor\)`
	return err
}

// A request ID is for tracing, not deduplication.
func deliverTraced(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://subscriber.example/hooks", bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	req.Header.Set("X-Request-Id", t.ResultWriter().TaskID())
	_, err = http.DefaultClient.Do(req) // want `HTTP POST: the request carries no Idempotency-Key header \(asynq handler deliverTraced\)`
	return err
}

// chargeInput is the JSON a billing API reads its key from.
type chargeInput struct {
	Customer string `json:"customerId"`
	Key      string `json:"idempotencyKey,omitempty"`
}

// Negative: the body carries the operation's key in a field for it.
func chargeBodyKey(ctx context.Context, t *asynq.Task) error {
	b, _ := json.Marshal(&chargeInput{Customer: "c1", Key: string(t.Payload())})
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://billing.example/charge", bytes.NewReader(b))
	_, err := http.DefaultClient.Do(req)
	return err
}

type envelope struct {
	chargeInput
	Note string
}

// Negative: in an embedded struct, and through http.Post.
func chargeEmbedded(ctx context.Context, t *asynq.Task) error {
	b, _ := json.Marshal(envelope{Note: "n"})
	_, err := http.Post("https://billing.example/charge", "application/json", strings.NewReader(string(b)))
	return err
}

type chargeNoKey struct {
	Customer string `json:"customerId"`
	ID       string `json:"id"`
}

func chargeBodyNoKey(ctx context.Context, t *asynq.Task) error {
	b, _ := json.Marshal(chargeNoKey{Customer: "c1"})
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://billing.example/charge", bytes.NewReader(b))
	_, err := http.DefaultClient.Do(req) // want `HTTP POST: the request carries no Idempotency-Key header \(asynq handler chargeBodyNoKey\)`
	return err
}

// The package serves its own order API; its handlers are judged where
// they are served.
func ordersAPI(mux *http.ServeMux, e *echo.Echo) {
	mux.HandleFunc("POST /ledger/{id}/insert", func(w http.ResponseWriter, r *http.Request) {})
	e.POST("/ledger/:id/status", func(c echo.Context) error { return nil })
}

// Negative: the request goes to a route this package serves.
func insertLedger(ctx context.Context, t *asynq.Task) error {
	id := string(t.Payload())
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, ledgerURL+"/ledger/"+id+"/insert", nil)
	_, err := http.DefaultClient.Do(req)
	return err
}

// Negative: and through http.Post, to an echo route.
func statusLedger(ctx context.Context, t *asynq.Task) error {
	_, err := http.Post("http://ledger.internal/ledger/"+string(t.Payload())+"/status", "application/json", nil)
	return err
}

var ledgerURL = "http://ledger.internal"

func refundLedger(ctx context.Context, t *asynq.Task) error {
	id := string(t.Payload())
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, ledgerURL+"/ledger/"+id+"/refund", nil)
	_, err := http.DefaultClient.Do(req) // want `HTTP POST: the request carries no Idempotency-Key header \(asynq handler refundLedger\)`
	return err
}

// A payment page's request in an envelope, as Fondy's API takes it: the
// merchant's order reference, which the provider refuses to take twice,
// is in the object under "request".
type checkoutRequest struct {
	OrderID string `json:"order_id"`
	Amount  string `json:"amount"`
}

type apiEnvelope struct {
	Request any `json:"request"`
}

type typedEnvelope struct {
	Request *checkoutRequest `json:"request"`
}

type amountOnly struct {
	Amount string `json:"amount"`
}

// Negative: the order reference, in an object of the body.
func checkoutLink(ctx context.Context, t *asynq.Task) error {
	b, _ := json.Marshal(typedEnvelope{Request: &checkoutRequest{OrderID: string(t.Payload())}})
	_, err := http.Post("https://pay.example/api/checkout/url/", "application/json", bytes.NewBuffer(b))
	return err
}

// Negative: the same, in a field of interface type.
func checkoutLinkAny(ctx context.Context, t *asynq.Task) error {
	b, _ := json.Marshal(apiEnvelope{Request: &checkoutRequest{OrderID: string(t.Payload())}})
	_, err := http.Post("https://pay.example/api/checkout/url/", "application/json", bytes.NewBuffer(b))
	return err
}

func checkoutNoReference(ctx context.Context, t *asynq.Task) error {
	b, _ := json.Marshal(apiEnvelope{Request: amountOnly{Amount: "10"}})
	_, err := http.Post("https://pay.example/api/checkout/url/", "application/json", bytes.NewBuffer(b)) // want `HTTP POST: the request carries no Idempotency-Key header \(asynq handler checkoutNoReference\)`
	return err
}

// Negative: an address added to a mailing list, which holds it once,
// at an address formatted with the list's ID.
func subscribe(ctx context.Context, t *asynq.Task) error {
	path := fmt.Sprintf("/addressbooks/%s/emails", string(t.Payload()))
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.mail.example"+path, nil)
	_, err := http.DefaultClient.Do(req)
	return err
}

// Negative: a formatted address whose last segment names a read.
func quoteFormatted(ctx context.Context, t *asynq.Task) error {
	_, err := http.Post(fmt.Sprintf("https://carrier.example/v%d/shipments/%s/rates", 2, t.Payload()), "application/json", nil)
	return err
}

// A formatted address that creates.
func bookFormatted(ctx context.Context, t *asynq.Task) error {
	_, err := http.Post(fmt.Sprintf("https://carrier.example/v%d/shipments/%s/labels", 2, t.Payload()), "application/json", nil) // want `HTTP POST: the request carries no Idempotency-Key header \(asynq handler bookFormatted\)`
	return err
}

// A top-level /emails sends mail: it is an effect.
func sendMail(ctx context.Context, t *asynq.Task) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.mail.example/emails", nil)
	_, err := http.DefaultClient.Do(req) // want `HTTP POST: the request carries no Idempotency-Key header \(asynq handler sendMail\)`
	return err
}

// The program's own interface over the HTTP client, which main fills
// with an *http.Client: its Do is the client's.
type doer interface {
	Do(req *http.Request) (*http.Response, error)
}

var httpClient doer

func chargeThroughInterface(ctx context.Context, t *asynq.Task) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://billing.example/charge", nil)
	_, err := httpClient.Do(req) // want `HTTP POST: the request carries no Idempotency-Key header \(asynq handler chargeThroughInterface\)`
	return err
}

// An interface whose method no library type has is no client.
type poster interface {
	Do(req *http.Request, retries int) (*http.Response, error)
}

var retrying poster

func chargeThroughOwn(ctx context.Context, t *asynq.Task) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://billing.example/charge", nil)
	_, err := retrying.Do(req, 3)
	return err
}

// A message gateway's request, whose client reference it deduplicates
// on (Sinch's client_reference).
type smsRequest struct {
	To              string `json:"to"`
	Body            string `json:"body"`
	ClientReference string `json:"client_reference,omitempty"`
}

// Negative: the client reference is the task's.
func sendText(ctx context.Context, t *asynq.Task) error {
	b, _ := json.Marshal(smsRequest{To: "+44", Body: "hi", ClientReference: string(t.Payload())})
	_, err := http.Post("https://sms.example/messages", "application/json", bytes.NewBuffer(b))
	return err
}

// A mail API's request, whose client-supplied message ID it drops a
// repeated send by.
type mailRequest struct {
	To        string `json:"to"`
	MessageID string `json:"message_id"`
}

// Negative: the message ID is the task's.
func sendReceipt(ctx context.Context, t *asynq.Task) error {
	b, _ := json.Marshal(mailRequest{To: "a@example.com", MessageID: "receipt:" + string(t.Payload())})
	_, err := http.Post("https://mail.example/v1/messages", "application/json", bytes.NewReader(b))
	return err
}

// A bank's direct debit instruction, which it answers with the first
// when its endToEndId (ISO 20022's) repeats.
type collectionRequest struct {
	Mandate    string `json:"mandate"`
	EndToEndID string `json:"endToEndId"`
}

// Negative: the end-to-end ID is the task's.
func collectDue(ctx context.Context, t *asynq.Task) error {
	b, _ := json.Marshal(collectionRequest{Mandate: "m", EndToEndID: "CD" + string(t.Payload())})
	_, err := http.Post("https://bank.example/collections", "application/json", bytes.NewReader(b))
	return err
}

// Negative: the header's other usual names key the request as well.
func otherHeaderNames(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	claim, _ := http.NewRequest("POST", "https://pbm.example/v2/claims", nil)
	claim.Header.Set("X-Idempotency-Key", key)
	http.DefaultClient.Do(claim)
	transfer, _ := http.NewRequest("POST", "https://bank.example/transfers", nil)
	transfer.Header.Set("X-Acme-Idempotency-Key", key)
	http.DefaultClient.Do(transfer)
	text, _ := http.NewRequest("POST", "https://sms.example/2010-04-01/Messages.json", nil)
	text.Header.Set("I-Twilio-Idempotency-Token", key)
	http.DefaultClient.Do(text)
	mail, _ := http.NewRequest("POST", "https://mail.example/v1/send", nil)
	mail.Header.Set("X-Postbox-Dedup-Key", key)
	http.DefaultClient.Do(mail)
	sms, _ := http.NewRequest("POST", "https://sms.example/v1/messages", nil)
	sms.Header.Set("X-Dedup-Id", key)
	http.DefaultClient.Do(sms)
}

// A header of another name keys nothing.
func traceOnly(w http.ResponseWriter, r *http.Request) {
	req, _ := http.NewRequest("POST", "https://pbm.example/v2/claims", nil)
	req.Header.Set("X-Request-Id", r.Header.Get("Idempotency-Key"))
	http.DefaultClient.Do(req) // want `HTTP POST: the request carries no Idempotency-Key header \(HTTP handler traceOnly\)`
}

// Negative: a label voided under its ID, which stays void: a second
// void voids nothing.
func voidLabel(ctx context.Context, t *asynq.Task) error {
	_, err := http.Post("https://carrier.example/labels/"+string(t.Payload())+"/void", "application/json", nil)
	return err
}

// Positive: a label printed under its ID: each request prints one.
func printLabel(ctx context.Context, t *asynq.Task) error {
	_, err := http.Post("https://carrier.example/labels/"+string(t.Payload())+"/print", "application/json", nil) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header`
	return err
}

// Negative: a reservation cancelled under its ID by a backoff's
// operation, which reads the address from the variable it captures.
func cancelReservation(ctx context.Context, t *asynq.Task) error {
	path := fmt.Sprintf("/v1/reservations/%s/cancel", t.Payload())
	return backoff.Retry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pos.example"+path, nil)
		if err != nil {
			return err
		}
		_, err = http.DefaultClient.Do(req)
		return err
	}, backoff.NewExponentialBackOff())
}

// Positive: a table held the same way: each request holds one.
func holdTable(ctx context.Context, t *asynq.Task) error {
	path := fmt.Sprintf("/v1/tables/%s/hold", t.Payload())
	return backoff.Retry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pos.example"+path, nil)
		if err != nil {
			return err
		}
		_, err = http.DefaultClient.Do(req) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(backoff.Retry operation func literal in holdTable\)`
		return err
	}, backoff.NewExponentialBackOff())
}
