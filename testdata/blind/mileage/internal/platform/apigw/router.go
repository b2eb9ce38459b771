// Package apigw routes API Gateway proxy requests to typed handlers.
package apigw

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"github.com/aws/aws-lambda-go/events"

	"github.com/northwind-air/mileage/internal/domain"
	"github.com/northwind-air/mileage/internal/platform/lambdamw"
)

// Request is an API Gateway request with its path parameters resolved.
type Request struct {
	events.APIGatewayProxyRequest
	Params map[string]string
}

// Param returns a path parameter.
func (r Request) Param(name string) string { return r.Params[name] }

// Header returns a request header, case-insensitively.
func (r Request) Header(name string) string {
	for k, v := range r.Headers {
		if strings.EqualFold(k, name) {
			return v
		}
	}
	return ""
}

// HandlerFunc handles a routed request.
type HandlerFunc func(ctx context.Context, req Request) (events.APIGatewayProxyResponse, error)

type route struct {
	method  string
	pattern []string
	handler lambdamw.Handler[events.APIGatewayProxyRequest, events.APIGatewayProxyResponse]
}

// Router matches method and path templates such as /members/{id}/transfers.
type Router struct {
	routes []route
	log    *slog.Logger
}

// NewRouter returns an empty Router.
func NewRouter(log *slog.Logger) *Router { return &Router{log: log} }

// Handle registers h for method and path, decorated with mws.
func (rt *Router) Handle(method, path string, h HandlerFunc, mws ...lambdamw.Middleware[events.APIGatewayProxyRequest, events.APIGatewayProxyResponse]) {
	pattern := split(path)
	inner := func(ctx context.Context, req events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error) {
		params, _ := match(pattern, split(req.Path))
		return h(ctx, Request{APIGatewayProxyRequest: req, Params: params})
	}
	rt.routes = append(rt.routes, route{method: method, pattern: pattern, handler: lambdamw.Chain(inner, mws...)})
}

// Serve is the Lambda handler.
func (rt *Router) Serve(ctx context.Context, req events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error) {
	segs := split(req.Path)
	allowed := false
	for _, r := range rt.routes {
		if _, ok := match(r.pattern, segs); !ok {
			continue
		}
		if r.method != req.HTTPMethod {
			allowed = true
			continue
		}
		resp, err := r.handler(ctx, req)
		if err != nil {
			return rt.errorResponse(ctx, err), nil
		}
		return resp, nil
	}
	if allowed {
		return JSON(http.StatusMethodNotAllowed, errBody("method not allowed")), nil
	}
	return JSON(http.StatusNotFound, errBody("not found")), nil
}

func (rt *Router) errorResponse(ctx context.Context, err error) events.APIGatewayProxyResponse {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		return JSON(http.StatusNotFound, errBody("not found"))
	case errors.Is(err, domain.ErrInsufficientMiles):
		return JSON(http.StatusUnprocessableEntity, errBody("insufficient miles"))
	case errors.Is(err, domain.ErrInvalid):
		return JSON(http.StatusBadRequest, errBody(err.Error()))
	case errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrInProgress):
		return JSON(http.StatusConflict, errBody(err.Error()))
	}
	rt.log.ErrorContext(ctx, "request failed", "error", err)
	return JSON(http.StatusInternalServerError, errBody("internal error"))
}

func split(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

func match(pattern, segs []string) (map[string]string, bool) {
	if len(pattern) != len(segs) {
		return nil, false
	}
	params := map[string]string{}
	for i, p := range pattern {
		if strings.HasPrefix(p, "{") && strings.HasSuffix(p, "}") {
			params[p[1:len(p)-1]] = segs[i]
			continue
		}
		if p != segs[i] {
			return nil, false
		}
	}
	return params, true
}

func errBody(msg string) map[string]string { return map[string]string{"error": msg} }

// JSON renders v as a JSON response.
func JSON(status int, v any) events.APIGatewayProxyResponse {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":"encoding"}`)
	}
	return events.APIGatewayProxyResponse{
		StatusCode: status,
		Headers:    map[string]string{"Content-Type": "application/json"},
		Body:       string(b),
	}
}

// Raw renders a stored JSON body.
func Raw(status int, body []byte) events.APIGatewayProxyResponse {
	return events.APIGatewayProxyResponse{
		StatusCode: status,
		Headers:    map[string]string{"Content-Type": "application/json", "Idempotent-Replay": "true"},
		Body:       string(body),
	}
}

// Decode parses the JSON body into T and validates it when T implements
// Validate.
func Decode[T any](req Request) (T, error) {
	var v T
	body := req.Body
	if body == "" {
		return v, domain.ErrInvalid
	}
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		return v, errors.Join(domain.ErrInvalid, err)
	}
	if val, ok := any(&v).(interface{ Validate() error }); ok {
		if err := val.Validate(); err != nil {
			return v, errors.Join(domain.ErrInvalid, err)
		}
	}
	return v, nil
}
