package catalog

import (
	"go/types"
	"slices"
	"strings"
	"unicode"
)

// HTTP, as data: the clients that send requests and the functions that
// build them, and the routers' types through which a handler answers.

// An HTTPClient is a package that sends HTTP requests.
type HTTPClient struct {
	Path string
	// Makers build a request: by function name, the index of its method
	// argument (the URL follows it).
	Makers map[string]int
	// Headers: the package declares the header set of its requests, whose
	// Set and Add fill an idempotency header.
	Headers bool
	// Retries: the client retries a failed request itself, so a call of
	// it is on a retried path wherever it is.
	Retries bool
}

var httpClients = []HTTPClient{
	{Path: "net/http", Makers: map[string]int{"NewRequest": 0, "NewRequestWithContext": 1}, Headers: true},
	{Path: "github.com/hashicorp/go-retryablehttp", Makers: map[string]int{"NewRequest": 0, "NewRequestWithContext": 1}, Retries: true},
}

// A Router is an HTTP framework: Responders are the types (TypeKeys)
// through which its handlers answer.
type Router struct {
	Path       string
	Responders []string
}

var routers = []Router{
	{Path: "net/http", Responders: []string{"net/http.ResponseWriter"}},
	{Path: "github.com/gin-gonic/gin", Responders: []string{"*github.com/gin-gonic/gin.Context"}},
	{Path: "github.com/labstack/echo/v4", Responders: []string{"github.com/labstack/echo/v4.Context"}},
	{Path: "github.com/gofiber/fiber/v2", Responders: []string{"*github.com/gofiber/fiber/v2.Ctx"}},
	{Path: "github.com/gofiber/fiber/v3", Responders: []string{"github.com/gofiber/fiber/v3.Ctx"}},
}

// httpClientOf returns the client package path is.
func httpClientOf(path string) *HTTPClient {
	for i := range httpClients {
		if httpClients[i].Path == path {
			return &httpClients[i]
		}
	}
	return nil
}

// routeURLs build the address of one of the program's own routes from
// its router: the request goes to a handler the program serves, whose
// retry safety is judged where it is served.
var routeURLs = map[string]bool{
	"(*github.com/gorilla/mux.Route).URL":         true,
	"(*github.com/gorilla/mux.Route).URLPath":     true,
	"(*github.com/labstack/echo/v4.Echo).Reverse": true,
	"(*github.com/labstack/echo/v4.Echo).URI":     true,
}

// RouteURL reports whether fn builds the address of a route of a router
// the program configures.
func RouteURL(fn *types.Func) bool { return has(routeURLs, fn) }

// RequestMaker reports whether fn builds an HTTP request, and the index
// of its method argument. A nil fn (a call of a function value) is not
// one.
func RequestMaker(fn *types.Func) (int, bool) {
	if fn == nil || fn.Pkg() == nil || fn.Type().(*types.Signature).Recv() != nil {
		return 0, false
	}
	for _, c := range httpClients {
		if c.Path == fn.Pkg().Path() {
			i, ok := c.Makers[fn.Name()]
			return i, ok
		}
	}
	return 0, false
}

// IsHTTPClient reports whether fn belongs to an HTTP client package: a
// request handed to it keeps its headers.
func IsHTTPClient(fn *types.Func) bool {
	return fn.Pkg() != nil && httpClientOf(fn.Pkg().Path()) != nil
}

// IsRequestHeaderFunc reports whether fn belongs to the package that
// declares requests' header sets: a header handed to it is only read or
// filled.
func IsRequestHeaderFunc(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	c := httpClientOf(fn.Pkg().Path())
	return c != nil && c.Headers
}

// IsHeaderSet reports whether t is the header set of an HTTP client's
// requests (net/http's Header).
func IsHeaderSet(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Name() != "Header" {
		return false
	}
	c := httpClientOf(n.Obj().Pkg().Path())
	return c != nil && c.Headers
}

// SetsRequestHeader reports whether fn sets a request's header to a value
// (http.Header's Set and Add), whichever headers the configuration names
// as idempotency headers.
func SetsRequestHeader(fn *types.Func) bool {
	h, ok := get(headerSetters, fn)
	return ok && h == nil
}

// SelfRetrying reports whether fn belongs to a client that retries its
// requests itself.
func SelfRetrying(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	c := httpClientOf(fn.Pkg().Path())
	return c != nil && c.Retries
}

// IsResponder reports whether a value of type t is how a handler answers
// (an http.ResponseWriter, a framework's context).
func IsResponder(t types.Type) bool {
	key := TypeKey(t)
	for _, r := range routers {
		if slices.Contains(r.Responders, key) {
			return true
		}
	}
	return false
}

// deliveryHeaders carry a webhook delivery's stable ID, on which its
// receivers deduplicate: Standard Webhooks' webhook-id, Svix's svix-id
// and the common X- forms. Set on an outbound request, one keys it as
// an idempotency header does (and a fresh value in it is freshid's).
// A "*" stands for one segment, the sender's name (X-Quaymile-Event-Id,
// X-GitHub-Delivery, or without the X- that RFC 6648 retired:
// Acme-Delivery).
var deliveryHeaders = []string{"Webhook-Id", "Svix-Id", "X-Webhook-Id", "X-Webhook-Delivery", "X-Hook-Id", "X-Delivery-Id", "X-Event-Id",
	"X-*-Event-Id", "X-*-Delivery-Id", "X-*-Delivery", "X-*-Webhook-Id",
	"*-Event-Id", "*-Delivery", "*-Webhook-Id"}

// HeaderNameMatches reports whether a header name is the one a name of
// KeyHeaders gives, whose "*" stands for one segment of letters and
// digits, whatever the case.
func HeaderNameMatches(pattern, name string) bool {
	before, after, wild := strings.Cut(strings.ToLower(pattern), "*")
	name = strings.ToLower(name)
	if !wild {
		return name == before
	}
	if len(name) <= len(before)+len(after) || !strings.HasPrefix(name, before) || !strings.HasSuffix(name, after) {
		return false
	}
	seg := name[len(before) : len(name)-len(after)]
	return !strings.ContainsFunc(seg, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// keyHeaderForms are the other names APIs give the idempotency header
// (a PBM's or a bank's X-Idempotency-Key, Twilio's
// I-Twilio-Idempotency-Token, a mail relay's X-Postbox-Dedup-Key, an
// SMS gateway's X-Dedup-Id): set on a request, one keys it as the
// configured header does.
var keyHeaderForms = []string{"X-Idempotency-Key", "Idempotency-Token", "X-Idempotency-Token", "X-*-Idempotency-Key", "I-*-Idempotency-Token",
	"Dedup-Key", "X-Dedup-Key", "X-*-Dedup-Key", "Dedup-Id", "X-Dedup-Id", "X-*-Dedup-Id", "X-Deduplication-Id", "X-*-Deduplication-Id"}

// KeyHeaders returns the names of the headers that key an outbound
// request: the configured idempotency headers, the header's other
// usual names, then the delivery-ID headers of webhooks.
func (c *Catalog) KeyHeaders() []string {
	return slices.Concat(c.cfg.Headers(), keyHeaderForms, deliveryHeaders)
}

// A request body carries its operation's key when it is encoded from a
// struct with a field for one: the receiver reads the key where the
// caller put it, as it would a header.

// bodyReaders wrap encoded bytes or text as a request body; the value is
// the argument they wrap.
var bodyReaders = map[string]int{
	"bytes.NewReader": 0, "bytes.NewBuffer": 0, "bytes.NewBufferString": 0, "strings.NewReader": 0,
}

// bodyEncoders encode a value as a body's bytes; the value is the
// argument they encode.
var bodyEncoders = map[string]int{
	"encoding/json.Marshal": 0, "encoding/json.MarshalIndent": 0,
}

// streamEncoders encode their argument i onto the writer they hold,
// where bodyEncoders return the bytes.
var streamEncoders = map[string]int{"(*encoding/json.Encoder).Encode": 0}

// JSONEncoder reports whether fn encodes its argument i as JSON, into
// bytes (BodyEncoder) or onto a writer: a request's body, a message's
// payload.
func JSONEncoder(fn *types.Func) (int, bool) {
	if i, ok := BodyEncoder(fn); ok {
		return i, ok
	}
	i, ok := get(streamEncoders, fn)
	return i, ok
}

// IsReferenceField reports whether a field, by its Go name, is a
// reference its sender assigns to what it sends (reference,
// ReversalReference, bookingRef), which the receiver keeps as the
// identity of what it was asked for, not a reference to another request
// (originalRef).
func IsReferenceField(name string) bool {
	return isReference(strings.ToLower(separators.Replace(name)))
}

// bodyKeyNames are the names, lower-cased without separators, of the
// fields that carry an operation key in a request body: the field's own
// or its json name.
var bodyKeyNames = map[string]bool{
	"idempotencykey": true, "idempotencytoken": true, "requestid": true, "requestkey": true, "clienttoken": true,
	"clientrequesttoken": true, "operationid": true, "eventid": true, "deliveryid": true,
	// A payment page's or invoice's merchant reference, which the
	// provider refuses to take twice (Fondy's and LiqPay's order_id,
	// PayPal's invoice_id).
	"orderid": true, "merchantorderid": true, "invoiceid": true,
	// A message gateway's client reference, by which it drops a
	// repeated send (Sinch's client_reference, Vonage's client-ref), and
	// a deduplication ID by any name.
	"clientreference": true, "clientref": true, "deduplicationid": true, "dedupid": true, "dedupkey": true,
	"dedupeid": true, "dedupekey": true,
	// A partner's external reference, by which it answers a repeated
	// booking with the first one.
	"externalref": true, "externalreference": true,
	// A mail API's client-supplied message ID or reference, by which it
	// drops a repeated send.
	"messageid": true, "clientmessageid": true, "messageref": true, "messagereference": true,
	// ISO 20022's identifiers a payment's initiator assigns, by which a
	// bank answers a repeated instruction with the first.
	"endtoendid": true, "instructionid": true,
}

// dedupBodyNames are the names, lower-cased without separators, of the
// body fields whose only purpose is to let the receiver drop a repeated
// request: a value put there is the request's identity to the receiver,
// so a fresh one makes every retry a new request.
var dedupBodyNames = map[string]bool{
	"idempotencykey": true, "idempotencytoken": true, "clienttoken": true, "clientrequesttoken": true,
	"clientreference": true, "clientref": true, "externalref": true, "externalreference": true,
	"deduplicationid": true, "dedupid": true, "dedupkey": true, "dedupeid": true, "dedupekey": true, "clientmessageid": true,
	"messageref": true, "messagereference": true, "endtoendid": true, "instructionid": true,
	// A processor's reference of the request itself, or a key it
	// names so, by which it answers a repeat with the first response.
	"requestreference": true, "requestkey": true,
}

// IsDedupBodyField reports whether a field of a request body, by its
// json name or, without one, its own, is there only for the receiver
// to drop a repeated request.
func IsDedupBodyField(name, jsonName string) bool {
	if jsonName != "" {
		name = jsonName
	}
	name = strings.ToLower(separators.Replace(name))
	return dedupBodyNames[name] || clientAssigned(name)
}

// MayBeDedupBodyField reports whether a struct field's name could be a
// body's dedup field, before its tag is read.
func MayBeDedupBodyField(name string) bool {
	name = strings.ToLower(separators.Replace(name))
	return dedupBodyNames[name] || clientAssigned(name)
}

// IsRawPayload reports whether t holds a payload as it was received,
// undecoded (encoding/json's RawMessage): a row that stores it logs the
// receipt.
func IsRawPayload(t types.Type) bool {
	return TypeKey(t) == "encoding/json.RawMessage"
}

// requestKeyNames are the names, lower-cased without separators, of the
// fields by which a request a service receives carries its caller's
// idempotency key.
var requestKeyNames = map[string]bool{
	"idempotencykey": true, "idempotencytoken": true, "clienttoken": true, "clientrequesttoken": true,
	"deduplicationid": true, "dedupkey": true,
}

// IsRequestKeyField reports whether a field of a received request, by
// its name, carries the caller's idempotency key.
func IsRequestKeyField(name string) bool {
	return requestKeyNames[strings.ToLower(separators.Replace(name))]
}

// BodyReader reports whether fn wraps its argument i as a request body.
func BodyReader(fn *types.Func) (int, bool) {
	i, ok := get(bodyReaders, fn)
	return i, ok
}

// urlJoiners join an address's base with the elements of its path, the
// last of which a client's caller names (url.JoinPath(c.base, path)).
var urlJoiners = map[string]bool{
	"net/url.JoinPath": true, "(*net/url.URL).JoinPath": true, "path.Join": true,
}

// reflections read a value's type and fields at run time.
var reflections = map[string]bool{"reflect.ValueOf": true, "reflect.TypeOf": true, "reflect.Indirect": true}

// IsReflection reports whether fn reads its argument by reflection.
func IsReflection(fn *types.Func) bool { return has(reflections, fn) }

// IsURLJoin reports whether fn joins an address's base with its path.
func IsURLJoin(fn *types.Func) bool { return has(urlJoiners, fn) }

// BodyEncoder reports whether fn encodes its argument i as body bytes.
func BodyEncoder(fn *types.Func) (int, bool) {
	i, ok := get(bodyEncoders, fn)
	return i, ok
}

// IsBodyKeyField reports whether a struct field of a request body
// carries the operation's key, by its json tag's name or, without one,
// its own.
func IsBodyKeyField(name, jsonName string) bool {
	if jsonName != "" {
		name = jsonName // the name the receiver reads
	}
	name = strings.ToLower(separators.Replace(name))
	return bodyKeyNames[name] || clientAssigned(name)
}

// IsFilledKeyField reports whether a body's field, filled by the caller
// of the client that sends it, may be what the receiver drops a repeat
// by: a dedup field, or a reference the sender puts there (reference,
// bookingRef), which many receivers key by. Left empty, a reference
// keys nothing.
func IsFilledKeyField(name string) bool {
	return IsDedupBodyField(name, "") || isReference(strings.ToLower(separators.Replace(name)))
}

// clientAssignedSuffixes end the names of the identifiers a client
// assigns to what it asks a receiver for (clientTransactionRef,
// clientRequestId, newClientOrderId), by which the receiver answers a
// repeat with the first.
var clientAssignedSuffixes = []string{"ref", "reference", "requestid", "transactionid", "orderid", "messageid", "operationid"}

// clientAssigned reports whether a lower-cased name, without
// separators, names an identifier the client assigns: "client", then
// one of clientAssignedSuffixes.
func clientAssigned(name string) bool {
	i := strings.Index(name, "client")
	if i < 0 {
		return false
	}
	rest := name[i+len("client"):]
	return slices.ContainsFunc(clientAssignedSuffixes, func(s string) bool { return strings.HasSuffix(rest, s) })
}

// isReference reports whether a lower-cased name, without separators,
// names a reference the sender puts in the body (reference,
// bookingRef). A reference to another request (a reprint's
// originalReference, a refund's parentRef) names what the request is
// about, which every such request repeats, not the request itself.
func isReference(name string) bool {
	if slices.ContainsFunc(otherRequests, func(p string) bool { return strings.HasPrefix(name, p) }) {
		return false
	}
	return name == "ref" || name == "reference" || strings.HasSuffix(name, "ref") && !strings.HasSuffix(name, "pref") ||
		strings.HasSuffix(name, "reference") && !strings.HasSuffix(name, "preference")
}

// otherRequests begin the names of references to a request other than
// the one sent.
var otherRequests = []string{"original", "parent", "previous", "prior", "related"}

// separators are left out of the names bodyKeyNames compares.
var separators = strings.NewReplacer("_", "", "-", "")

// A Route is a path a package registers a handler for, as its segments:
// a wildcard segment ({id}, :id, *) is empty.
type Route struct {
	Method   string // empty when the pattern names none
	Segments []string
}

// routeMethods are the methods a route pattern may begin with.
var routeMethods = []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"}

// ParseRoute reads a route pattern: an optional method, then a path of
// at least one named segment (net/http's "POST /orders/{id}", gin's and
// echo's "/orders/:id").
func ParseRoute(s string) (Route, bool) {
	var r Route
	if m, rest, ok := strings.Cut(s, " "); ok && slices.Contains(routeMethods, m) {
		r.Method, s = m, strings.TrimSpace(rest)
	}
	if !strings.HasPrefix(s, "/") || strings.ContainsAny(s, " ?#") {
		return Route{}, false
	}
	named := false
	for _, seg := range strings.Split(strings.Trim(s, "/"), "/") {
		if strings.HasPrefix(seg, "{") || strings.HasPrefix(seg, ":") || strings.HasPrefix(seg, "*") {
			seg = ""
		} else if seg != "" {
			named = true
		}
		r.Segments = append(r.Segments, seg)
	}
	return r, named
}

// WithRoutes returns c with the paths its package serves.
func (c *Catalog) WithRoutes(routes []Route) *Catalog {
	if len(routes) == 0 {
		return c
	}
	cc := *c
	cc.routes = routes
	return &cc
}

// Serves reports whether a request with the given method to a URL whose
// path ends with the segments given goes to a route the package serves:
// segments match in order from the end, the route's wildcards matching
// any and its names only the same name (an empty segment of the URL, a
// value it is built with, matches only a wildcard), and the route has
// no segments the URL does not give. Its receiver is then a handler of the program, whose
// own retry safety is judged where it is served.
func (c *Catalog) Serves(method string, segments []string) bool {
	for _, r := range c.routes {
		if r.Method != "" && r.Method != method || len(r.Segments) > len(segments) {
			continue
		}
		tail := segments[len(segments)-len(r.Segments):]
		match := true
		for i, seg := range r.Segments {
			if seg != "" && seg != tail[i] {
				match = false
			}
		}
		if match && slices.ContainsFunc(tail, func(s string) bool { return s != "" }) {
			return true
		}
	}
	return false
}

// A RequestSender is a function of the program that builds an HTTP
// request from what its caller gives it and sends it: the method, the
// address and a map of headers it copies onto the request, each a
// parameter or a field of one (httpx.Do(ctx, c, httpx.Request{Method:
// "POST", URL: u, Header: h}, &out)). The request, and what its key
// header holds, are the caller's. Key is the parameter, or the field of
// one, that the sender sets the key header from itself
// (req.Header.Set("Idempotency-Key", r.idempotencyKey)); KeyOther is
// set when it sets it from anything else. Options is the parameter
// whose functions the sender applies to the request (for _, o := range
// opts { o(req) }): the options the caller passes may set the key.
type RequestSender struct {
	Method, URL, Header, Body, Key ParamField
	KeyOther                       bool
	Options                        ParamField
}

// A ParamField is parameter Param (counted without the receiver; -1
// for none) or, with Field set, that field of it.
type ParamField struct {
	Param int
	Field string
}

// WithHTTPHelpers returns the catalog of one package of the run: c,
// with the program's HTTP helpers the package can call, by FuncKey: the
// senders of requests their callers describe, the forwarders of the
// requests they are given (by the parameter that holds it, counted
// without the receiver) and the makers of requests.
func (c *Catalog) WithHTTPHelpers(senders map[string]RequestSender, forwarders map[string]int, makers map[string]ProgramMaker) *Catalog {
	if len(senders) == 0 && len(forwarders) == 0 && len(makers) == 0 {
		return c
	}
	cc := *c
	cc.senders, cc.requestForwarders, cc.requestMakers = senders, forwarders, makers
	return &cc
}

// IsForwarder reports whether fn is one of the program's request
// forwarders.
func (c *Catalog) IsForwarder(fn *types.Func) bool {
	if len(c.requestForwarders) == 0 {
		return false
	}
	_, ok := get(c.requestForwarders, fn)
	return ok
}

// forwarder returns, for one of the program's request forwarders, the
// client's call with the request at the forwarder's parameter.
func (c *Catalog) forwarder(fn *types.Func) (External, bool) {
	if len(c.requestForwarders) == 0 {
		return External{}, false
	}
	i, ok := get(c.requestForwarders, fn)
	if !ok {
		return External{}, false
	}
	e := externals["(*net/http.Client).Do"]
	e.Arg = i
	return e, true
}

// A ProgramMaker is a function of the program that makes an HTTP
// request with a maker the catalog knows, from its parameters Method
// and URL (counted without the receiver), and returns it; Body is the
// parameter it encodes as the body, or -1, and Options the parameter
// whose functions it applies to the request, or -1.
type ProgramMaker struct {
	Method, URL, Body, Options int
}

// IsRequest reports whether t is net/http's request, as a request
// maker returns it.
func IsRequest(t types.Type) bool { return TypeKey(t) == "*net/http.Request" }

// Maker reports whether fn is one of the program's request makers.
func (c *Catalog) Maker(fn *types.Func) (ProgramMaker, bool) {
	if len(c.requestMakers) == 0 || fn == nil {
		return ProgramMaker{}, false
	}
	return get(c.requestMakers, fn)
}

// Sender reports whether fn is one of the program's request senders.
func (c *Catalog) Sender(fn *types.Func) (RequestSender, bool) {
	if len(c.senders) == 0 {
		return RequestSender{}, false
	}
	return get(c.senders, fn) // without a key's allocation: it is asked of every call
}

// A provider with no key mechanism drops no repeat, so a request to it
// that carries no key is not missingkey's finding (an effect before
// its intent is still intentfirst's). The catalog cannot know every
// provider; the program's own client for one says what the provider
// takes. A client package that names no key anywhere (no key header,
// no body field a receiver could drop a repeat by, no option or
// parameter for one) speaks to a provider that takes none.

// keyWords are parts of a name, lower-cased without separators, that
// name a key or a dedup identifier whatever the rest of the name says
// (idempotencyKey, X-Dedup-Token, WithRequestID, externalId).
var keyWords = []string{"idempot", "dedup", "requestid", "nonce", "transactionid", "uniqueid", "externalid", "correlationid", "operationid"}

// MayNameKey reports whether the name of a request body's field, or a
// string a client sends as a header's or a body's field name, could
// name a key a receiver drops a repeat by: the names bodyKeyNames and
// dedupBodyNames hold, a client-assigned identifier, a reference, or a
// name with one of keyWords in it (an EPP clTRID too).
func MayNameKey(name string) bool {
	n := strings.ToLower(separators.Replace(name))
	return bodyKeyNames[n] || namesDedup(n) || isReference(n)
}

// FieldMayNameKey reports whether the name of a field of a struct a
// client declares, or its json name, could name a key it sends: a dedup
// name or a reference, not an ID a response carries as often as a
// request (message_id, order_id, event_id).
func FieldMayNameKey(name string) bool {
	n := strings.ToLower(separators.Replace(name))
	return namesDedup(n) || isReference(n)
}

// NamesDedup reports whether an identifier of a client's code (an
// option, a parameter, a method) names a dedup key: the names that
// serve only that, or have one of keyWords in them. A message's or an
// order's ID, which a response carries as often, is not one.
func NamesDedup(name string) bool {
	return namesDedup(strings.ToLower(separators.Replace(name)))
}

func namesDedup(n string) bool {
	return dedupBodyNames[n] || clientAssigned(n) || strings.HasSuffix(n, "trid") ||
		slices.ContainsFunc(keyWords, func(w string) bool { return strings.Contains(n, w) })
}

// IsKeyHeaderName reports whether s, sent as a header's name, could
// carry a key: one of headers (KeyHeaders), or a name MayNameKey
// accepts once its X- prefix is left out.
func IsKeyHeaderName(headers []string, s string) bool {
	if slices.ContainsFunc(headers, func(h string) bool { return HeaderNameMatches(h, s) }) {
		return true
	}
	lower := strings.ToLower(s)
	return MayNameKey(strings.TrimPrefix(lower, "x-"))
}

// WithoutKeyMechanism returns the catalog of a package whose code names
// no key: a POST it makes to a provider's address that carries no key
// goes to a provider that takes none.
func (c *Catalog) WithoutKeyMechanism() *Catalog {
	cc := *c
	cc.noKeyMechanism = true
	return &cc
}

// KeyMechanism reports whether the package's code may name a key its
// providers take (see WithoutKeyMechanism).
func (c *Catalog) KeyMechanism() bool { return !c.noKeyMechanism }
