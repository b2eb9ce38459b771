// Package apigw contains helpers for API Gateway proxy integrations: a small
// route table keyed by method and resource template, JSON responses and
// error mapping.
package apigw

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/aws/aws-lambda-go/events"

	"github.com/voltway/charging/internal/platform/ids"
	"github.com/voltway/charging/internal/platform/logx"
)

// Request is an alias to keep handler signatures short.
type Request = events.APIGatewayProxyRequest

// Response is an alias to keep handler signatures short.
type Response = events.APIGatewayProxyResponse

// HandlerFunc handles one route.
type HandlerFunc func(ctx context.Context, req Request) (Response, error)

// Route binds a method and resource template (as configured in API
// Gateway, e.g. "/v1/sessions/{sessionId}/stop") to a handler.
type Route struct {
	Method   string
	Resource string
	Handler  HandlerFunc
}

// Middleware wraps a handler.
type Middleware func(HandlerFunc) HandlerFunc

// Router dispatches API Gateway proxy events to routes.
type Router struct {
	routes     map[string]HandlerFunc
	middleware []Middleware
}

// NewRouter builds a router from a route table.
func NewRouter(routes []Route, mw ...Middleware) *Router {
	r := &Router{routes: make(map[string]HandlerFunc, len(routes)), middleware: mw}
	for _, rt := range routes {
		r.routes[key(rt.Method, rt.Resource)] = rt.Handler
	}
	return r
}

func key(method, resource string) string {
	return strings.ToUpper(method) + " " + resource
}

// Handle is the Lambda entry point.
func (r *Router) Handle(ctx context.Context, req Request) (Response, error) {
	// Trace ID for correlating log lines of this invocation only.
	reqID := req.RequestContext.RequestID
	if reqID == "" {
		reqID = ids.NewULID()
	}
	log := logx.From(ctx).With("request_id", reqID, "route", req.Resource, "method", req.HTTPMethod)
	ctx = logx.With(ctx, log)

	h, ok := r.routes[key(req.HTTPMethod, req.Resource)]
	if !ok {
		return JSON(http.StatusNotFound, ErrorBody{Code: "not_found", Message: "no such route"}), nil
	}
	for i := len(r.middleware) - 1; i >= 0; i-- {
		h = r.middleware[i](h)
	}
	resp, err := h(ctx, req)
	if err != nil {
		return FromError(ctx, err), nil
	}
	if resp.Headers == nil {
		resp.Headers = map[string]string{}
	}
	resp.Headers["X-Request-Id"] = reqID
	return resp, nil
}

// ErrorBody is the JSON error envelope returned to clients.
type ErrorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// HTTPError carries a status code and client-facing code.
type HTTPError struct {
	Status  int
	Code    string
	Message string
	Err     error
}

func (e *HTTPError) Error() string {
	if e.Err != nil {
		return e.Code + ": " + e.Err.Error()
	}
	return e.Code + ": " + e.Message
}

func (e *HTTPError) Unwrap() error { return e.Err }

// BadRequest builds a 400 error.
func BadRequest(msg string) error {
	return &HTTPError{Status: http.StatusBadRequest, Code: "bad_request", Message: msg}
}

// NotFound builds a 404 error.
func NotFound(msg string) error {
	return &HTTPError{Status: http.StatusNotFound, Code: "not_found", Message: msg}
}

// Conflict builds a 409 error.
func Conflict(msg string) error {
	return &HTTPError{Status: http.StatusConflict, Code: "conflict", Message: msg}
}

// Unauthorized builds a 401 error.
func Unauthorized(msg string) error {
	return &HTTPError{Status: http.StatusUnauthorized, Code: "unauthorized", Message: msg}
}

// FromError renders an error response; unknown errors become 500 so the
// caller retries.
func FromError(ctx context.Context, err error) Response {
	var he *HTTPError
	if errors.As(err, &he) {
		return JSON(he.Status, ErrorBody{Code: he.Code, Message: he.Message})
	}
	logx.From(ctx).Error("handler failed", "err", err)
	return JSON(http.StatusInternalServerError, ErrorBody{Code: "internal", Message: "internal error"})
}

// JSON renders v with the given status.
func JSON(status int, v any) Response {
	b, err := json.Marshal(v)
	if err != nil {
		return Response{StatusCode: http.StatusInternalServerError, Body: `{"code":"internal"}`}
	}
	return Response{
		StatusCode: status,
		Headers:    map[string]string{"Content-Type": "application/json"},
		Body:       string(b),
	}
}

// Decode unmarshals the request body into T, rejecting unknown fields.
func Decode[T any](req Request) (T, error) {
	var v T
	dec := json.NewDecoder(strings.NewReader(req.Body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return v, BadRequest("invalid JSON body: " + err.Error())
	}
	return v, nil
}

// Header returns a header value case-insensitively.
func Header(req Request, name string) string {
	for k, v := range req.Headers {
		if strings.EqualFold(k, name) {
			return v
		}
	}
	return ""
}

// PathParam returns a required path parameter.
func PathParam(req Request, name string) (string, error) {
	v := req.PathParameters[name]
	if v == "" {
		return "", BadRequest("missing path parameter " + name)
	}
	return v, nil
}

// Principal is the authenticated caller resolved by the API Gateway
// authorizer.
type Principal struct {
	DriverID string
	FleetID  string
	Scope    string
}

// PrincipalFrom reads the Lambda authorizer context.
func PrincipalFrom(req Request) (Principal, error) {
	auth := req.RequestContext.Authorizer
	p := Principal{}
	if v, ok := auth["driverId"].(string); ok {
		p.DriverID = v
	}
	if v, ok := auth["fleetId"].(string); ok {
		p.FleetID = v
	}
	if v, ok := auth["scope"].(string); ok {
		p.Scope = v
	}
	if p.DriverID == "" && p.FleetID == "" {
		return p, Unauthorized("no principal")
	}
	return p, nil
}
