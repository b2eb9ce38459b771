// Package httpx holds the small HTTP toolkit shared by the API handlers: a
// generic JSON adapter for typed handlers, error mapping and middleware.
package httpx

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"github.com/harborline/claims/internal/platform/logx"
)

// Empty is used as the request type of handlers without a body.
type Empty struct{}

// StatusCoder lets a response value choose its own status code.
type StatusCoder interface {
	StatusCode() int
}

// Adapter holds what every JSON endpoint shares.
type Adapter struct {
	Errors       *ErrorMapper
	MaxBodyBytes int64
}

// NewAdapter builds an Adapter.
func NewAdapter(mapper *ErrorMapper) *Adapter {
	return &Adapter{Errors: mapper, MaxBodyBytes: 1 << 20}
}

type endpointConfig struct {
	status   int
	noBody   bool
	maxBytes int64
}

// EndpointOption customises one endpoint.
type EndpointOption func(*endpointConfig)

// WithStatus sets the success status code.
func WithStatus(code int) EndpointOption {
	return func(c *endpointConfig) { c.status = code }
}

// WithoutBody skips request body decoding.
func WithoutBody() EndpointOption {
	return func(c *endpointConfig) { c.noBody = true }
}

// WithMaxBody overrides the request size limit.
func WithMaxBody(n int64) EndpointOption {
	return func(c *endpointConfig) { c.maxBytes = n }
}

// Validator is implemented by request types that can check themselves.
type Validator interface {
	Validate() error
}

// JSON adapts a typed handler to http.HandlerFunc: it decodes Req from the
// body, runs fn, and encodes Resp or the mapped error.
func JSON[Req any, Resp any](a *Adapter, fn func(r *http.Request, req Req) (Resp, error), opts ...EndpointOption) http.HandlerFunc {
	cfg := endpointConfig{status: http.StatusOK, maxBytes: a.MaxBodyBytes}
	for _, o := range opts {
		o(&cfg)
	}
	return func(w http.ResponseWriter, r *http.Request) {
		var req Req
		if !cfg.noBody {
			body := http.MaxBytesReader(w, r.Body, cfg.maxBytes)
			dec := json.NewDecoder(body)
			dec.DisallowUnknownFields()
			if err := dec.Decode(&req); err != nil && !errors.Is(err, io.EOF) {
				a.writeError(w, r, BadRequest("invalid JSON body: %v", err))
				return
			}
		}
		if v, ok := any(&req).(Validator); ok {
			if err := v.Validate(); err != nil {
				a.writeError(w, r, BadRequest("%v", err))
				return
			}
		}
		resp, err := fn(r, req)
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		status := cfg.status
		if sc, ok := any(resp).(StatusCoder); ok {
			status = sc.StatusCode()
		}
		WriteJSON(w, status, resp)
	}
}

// WriteJSON writes v as a JSON response.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// WriteError writes err using the adapter's mapping.
func (a *Adapter) WriteError(w http.ResponseWriter, r *http.Request, err error) {
	a.writeError(w, r, err)
}

func (a *Adapter) writeError(w http.ResponseWriter, r *http.Request, err error) {
	he := a.Errors.Map(err)
	if he.Status >= 500 {
		logx.From(r.Context()).Error("request failed", "err", err, "path", r.URL.Path)
	}
	WriteJSON(w, he.Status, map[string]string{"code": he.Code, "message": he.Message})
}
