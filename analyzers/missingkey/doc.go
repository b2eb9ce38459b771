// Package missingkey defines an Analyzer that reports external calls on a
// retried path that carry no idempotency key.
//
// # Analyzer missingkey
//
// A charge, a carrier booking or a message sent from a handler, a queue
// consumer or a retry wrapper runs again when the request is delivered
// again. Providers absorb the repeat only when the call carries the same
// idempotency key on every attempt: Stripe's IdempotencyKey, the
// Idempotency-Key request header (or its usual other names,
// X-Idempotency-Key and the like), SQS FIFO's MessageDeduplicationId,
// JetStream's Nats-Msg-Id, the ClientToken of AWS APIs (which the SDK
// otherwise fills with a fresh token per call), a key field of a gRPC
// request, and, for an outbound webhook, the delivery-ID header its
// receivers deduplicate on (webhook-id, svix-id, X-Webhook-Id and the
// like). For example:
//
//	func Charge(w http.ResponseWriter, r *http.Request) {
//		params := &stripe.PaymentIntentParams{Amount: stripe.Int64(amount)}
//		paymentintent.New(params) // a retry charges again: no idempotency key
//	}
//
// The check reports calls whose slot is empty. A slot filled with a fresh
// value is freshid's finding (IDEM001), reported once there. It does not
// report providers without a key mechanism (Kafka, AMQP, core NATS, and
// a provider the program's own client shows to take none: a POST to an
// address the code writes, from a package that names no key anywhere,
// in a header, a field of a body it sends, an option or a parameter; a
// webhook to an address taken whole from data still needs its delivery
// ID), GET,
// HEAD, PUT and DELETE requests, POSTs to token, search and GraphQL
// endpoints and to addresses whose last segment names a read (screen,
// validate, lookup, query, quote, rates, estimate, preview, calculate,
// eligibility, availability, inquiry, verify (tickets:verify; not a
// provider's verifications, which it starts), alone or as the segment's last
// word, as in
// /plate-lookups, or ends in search or trace, as /federalcriminalsearch
// and /ssntrace do), a helper's POST that its callers give only such
// addresses, also when they are reached through an interface, or the
// members of one mailing list, which it holds once each
// (/addressbooks/{id}/emails, /lists/{id}/members), or an action that
// moves one resource to a state no request leaves (void, cancel,
// revoke, archive, deactivate, disable: /labels/{id}/void), whether the
// address is concatenated or formatted with fmt.Sprintf, also in a
// retry's operation that reads it from a variable it captures, SQS
// standard queues, confirm or capture of an existing Stripe
// PaymentIntent (it succeeds at most once), requests whose JSON body is
// encoded from a struct with a field for the operation's key
// (idempotencyKey, requestId, eventId and the like, the merchant's
// order reference a payment page takes once, a message gateway's
// client reference or a mail API's message ID, a partner's external
// reference, a bank's end-to-end ID (ISO 20022's endToEndId), an
// identifier the client assigns, clientTransactionRef or
// clientRequestId, a processor's requestReference, which they
// deduplicate; or a reference, reference or bookingRef, that the caller
// fills, which some receivers deduplicate, unless the body also has a
// field there only to drop a repeat by, which alone keys it),
// at the top of the body or in an
// object of it, also when a helper encodes the body its caller gives
// it, or posts the bytes every caller in the package encodes from one
// (in the operation it hands a retry wrapper, too), or when a caller
// hands a client of the program that sends no key of its own a request
// it builds with such a field set (sms.Message{ClientReference: ref},
// through the interface main wires), requests to a
// route the same package serves ("POST /orders/{id}/insert", gin's and
// echo's "/orders/:id"), or to a route the program's router names (a
// gorilla/mux route's URL, echo's Reverse), also when a helper of
// another package posts to the address it is given, whose handler is a
// retried root judged where it is served, calls that an implementation
// the program wires makes only after a claim of the operation (a
// conflict-tolerant insert whose outcome decides, not read back), or
// after an INSERT with no conflict handling of a row under an identity
// the root hands down (a retry fails there first), where
// the retry stops, or calls whose request or parameters are built elsewhere
// (no proof). A request or parameters passed to a
// function of the package (c.sign(req), a builder) are followed into it,
// three calls deep: a key it sets fills the slot, and one that hands
// them on to code the analysis cannot read leaves the slot unknown. A
// request handed to a helper that sends it (c.do(req, &out)) is the
// caller's when the helper only sets headers that carry no key
// (Authorization, Accept) and tests the body. A body with a field only
// for the receiver to drop a repeat by (client_reference) names that
// field as the slot to fill; a key field the client sends as a header
// when set (req.IdempotencyKey), left empty by the caller, is no key,
// whatever other reference the body holds.
// Functional options applied to the params (opts ...CallOption, run in
// a loop or by a helper such as apply(&p.Params, opts)), or to an
// options struct whose field the function copies into the key field of
// the body a helper of the package sends (smsBody{ClientReference:
// o.ClientReference}, posted by c.post; a reference field the function
// fills with a value of its caller's, not a fixed text, is the caller's
// key), fill it only
// when the caller passes one that does: a call with no option, or only
// options whose functions set other things (metadata, the connected
// account), carries no key; and so does a call of a helper that hands
// the options it is given on, unchanged, to a gateway the program wires
// (s.charge(ctx, amount) with charge's opts ...Option passed on to
// s.gateway.Charge), decorators of the gateway included. So does a client of the program's own that
// applies the options it is given to a struct of its own (var o
// callOptions; for _, opt := range opts { opt(&o) }) and sets the key
// header from a field of it, itself or in the operation it hands a
// retry wrapper: a call whose options set other fields sends no key,
// and the fix passes the option of the client's package that sets the
// field (WithIdempotencyKey(key)) with the operation key in scope; a
// service that calls a client the program wires, with options that set
// no key, gets the same option at its call, with the key in scope or
// the one the root puts in the context it passes. The
// same holds for options a helper collects into a config that then
// sets the params' key from its field (cfg := collect(opts);
// cfg.apply(&params.Params)), and for options applied to the request
// itself (func(*http.Request) values), one of which sets the key header
// and others other headers; a sender of another package that applies
// its caller's options to the request it makes (for _, o := range opts
// { o(req) }) sends no key when it is given none, and leaves the key to
// those it is given. A helper that builds the request from the method
// it is given and sets the key header from a parameter of its own
// (c.do(ctx, http.MethodPost, "/checks", req, o.idempotencyKey, &out))
// sends the caller's argument: a field of the options the caller
// collects from its own, the caller's key, or none for an empty string.
// A call made in a closure that a generic helper of the package hands
// to the program's own retry helper of another package (call(ctx, c,
// "refunds.create", func(ctx) (*stripe.Refund, error) {...}) over
// retry.Do) is the helper's caller's. So does a shared builder that applies options to
// the request it makes (httpx.JSON(ctx, method, base, path, body,
// opts...)): a header option is read by the header name the call gives
// it, and a client whose other requests take the key from their
// callers' options makes one with options of its own only on an
// endpoint that takes none. A client whose request struct embeds the
// call's options, which a helper applies only when they carry a key,
// is keyed by that field: a call whose literal leaves it out is
// reported, and the fix sets it (RequestOptions:
// pay.RequestOptions{IdempotencyKey: k}). A request described as a struct to a sender
// of the program (httpx.Do(ctx, c, httpx.Request{Method: "POST", URL:
// u, Header: h})) is the caller's own: its key header is what the map h
// holds, set there or by a helper that applies the call's options, and
// the fix sets it on that map. A request struct another package's
// constructor returns (textmsg.NewMessage(to, body)) leaves the key
// field its literal does not name empty, and one a builder of the
// package copies from the options it applies (PaymentRequest{
// IdempotencyKey: o.key}) is empty when no option the call passes sets
// it. A sender may send through the program's doer interface, at its
// base joined with the caller's path, and may set the key header from
// a field of the request it is given: the caller's value for that field
// is the key. A sender may also build and send each attempt in a helper
// of its package, to which it hands the address it joins (c.base+path,
// c.base.ResolveReference(&url.URL{Path: path})), from a retry
// closure, and a client may make its request with a maker of
// another package (httpx.JSONRequest(ctx, method, url, body)) and send
// it with a forwarder of that package (httpx.Send(doer, req, &out)):
// the request is the client's own, and its headers the ones it sets. A
// client that hands its caller's request struct whole to a sender is
// keyed by that struct's dedup field, which the caller fills or leaves
// empty. A client's helper that hands its caller's request description
// on to a sender (c.do(ctx, call, &out), retrying c.api.Do(ctx, call,
// out)) is a sender itself, and headers a sender is given as name and
// value pairs (httpx.Header{Name: "Idempotency-Key", Value: o.key})
// carry the key the pair names, which the caller's options may set. A body made as a map is keyed by an entry every path sets whose
// name is a dedup field or a reference ("order_reference", "request_key"),
// not by an ID it carries ("order_id"), also when a retry closure sends
// the body it captures. A body literal whose dedup field only the
// caller's options fill (ClientReference: o.clientReference) is keyed by
// those options: a caller that passes none that sets it is reported.
// go-retryablehttp retries by itself, so its
// POSTs are reported wherever they are, but for a body its helper's
// callers all give with a key field (json.Marshal(body) handed to
// retryablehttp.NewRequestWithContext as bytes).
//
// A client reached through an interface of the program's own, whose
// method has a library method's name and signature over the library's
// types (Do(*http.Request) (*http.Response, error), an SQS or Stripe
// client's), is that library's client: main fills it with one.
//
// Calls through interfaces are followed to the implementations the
// program's main package links: a handler whose payment gateway
// interface is implemented by a client that sends no key is reported at
// that client's call, or, under go vet, gopls and golangci-lint, where
// main wires the handler's package, naming the call's position, without
// a fix. So is a client that sends the key a request field holds, only
// when it is set (if req.IdempotencyKey != ""), when the caller builds
// that request without the field; a service that calls such a client
// of another package, itself or through a function value its
// constructor binds to the client's method (charge: gw.Charge), is
// reported at its call. A request built by one function of
// the client (c.newRequest(ctx, "POST", path, body, key)) and sent by
// another (c.do(req)) is one call, whose key is the one the builder is
// given; so is a function of the package that makes and sends a request
// with the headers of a map it is given (c.send(ctx, "POST", path, body,
// headers)), whose key is what the caller's map holds: the fix adds the
// entry to the caller's map. A map a helper of the package makes from
// the key it is given, or no map for an empty key
// (keyHeaders(req.IdempotencyKey)), holds what the helper's caller
// gives it.
//
// The suggested fix fills the slot with the operation key in scope: the
// request's Idempotency-Key header (set only when the caller sent one), a
// message or job ID, or the key a root carries in its context (a
// Temporal activity's run and activity IDs, a gRPC call's
// idempotency-key metadata) where only the context is in scope. A
// client behind an interface whose callers' roots (an HTTP handler, a
// consumer) call it once per delivery gets the key those roots put in
// the context they pass (WithIdempotencyKey, declared once in the
// client's package), namespaced by the client's method, in the
// standalone idemlint. So does a service of another package that a
// root calls directly, which calls such a client with the context it is
// given: the fix passes the client's option or sets the request's field
// there, from the key the root's call puts in the context it passes
// (ContextWithIdempotencyKey in a package that declares
// WithIdempotencyKey as an option of its own). A call that several
// roots of the program reach is one finding, whose related positions
// name each root and its way there. The fix of a root that cannot put
// a key there (it calls the client in a loop, once per item) is none,
// even when other roots of the program can: it would key their calls
// and leave the root's own as it was.
//
// A finding without a fix says what to fill the slot with: where the
// root's operation key is (the task's ID, the request's Idempotency-Key
// header...), passed down to the call.
package missingkey
