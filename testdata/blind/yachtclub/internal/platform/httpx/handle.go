// Package httpx adapts plain service-shaped functions to net/http handlers.
package httpx

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"reflect"
	"strconv"

	"github.com/go-chi/chi/v5"
)

const maxBodyBytes = 1 << 20

// RawBodyReceiver is implemented by request types that need the exact bytes
// of the body (webhook signature verification).
type RawBodyReceiver interface {
	SetRawBody([]byte)
}

// Validator is implemented by request types that can validate themselves
// after binding.
type Validator interface {
	Validate() error
}

// StatusCoder lets a response choose its HTTP status (e.g. 201 vs 200 for a
// replayed create).
type StatusCoder interface {
	StatusCode() int
}

// Empty is used by handlers with no body or no response payload.
type Empty struct{}

// Handle turns fn into an http.HandlerFunc. The request is decoded from the
// JSON body, then fields tagged `path:"name"`, `query:"name"` and
// `header:"Name"` are filled from the chi route, query string and headers.
func Handle[Req, Resp any](fn func(ctx context.Context, req Req) (Resp, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req Req
		if err := bind(r, &req); err != nil {
			writeError(w, r, err)
			return
		}
		if v, ok := any(&req).(Validator); ok {
			if err := v.Validate(); err != nil {
				writeError(w, r, err)
				return
			}
		}
		resp, err := fn(r.Context(), req)
		if err != nil {
			writeError(w, r, err)
			return
		}
		status := http.StatusOK
		if sc, ok := any(resp).(StatusCoder); ok {
			status = sc.StatusCode()
		}
		writeJSON(w, status, resp)
	}
}

func bind(r *http.Request, dst any) error {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBodyBytes))
	if err != nil {
		return Invalid("could not read body")
	}
	if rb, ok := dst.(RawBodyReceiver); ok {
		rb.SetRawBody(body)
	} else if len(body) > 0 && r.Method != http.MethodGet {
		if err := json.Unmarshal(body, dst); err != nil {
			return Invalid("malformed JSON body: %v", err)
		}
	}
	return bindTags(r, dst)
}

func bindTags(r *http.Request, dst any) error {
	v := reflect.ValueOf(dst)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return nil
	}
	v = v.Elem()
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		var raw string
		var found bool
		if name, ok := f.Tag.Lookup("path"); ok {
			raw, found = chi.URLParam(r, name), true
		} else if name, ok := f.Tag.Lookup("query"); ok {
			raw, found = r.URL.Query().Get(name), true
		} else if name, ok := f.Tag.Lookup("header"); ok {
			raw, found = r.Header.Get(name), true
		}
		if !found || raw == "" {
			continue
		}
		if err := setField(v.Field(i), raw); err != nil {
			return Invalid("parameter %s: %v", f.Name, err)
		}
	}
	return nil
}

func setField(fv reflect.Value, raw string) error {
	switch fv.Kind() {
	case reflect.String:
		fv.SetString(raw)
	case reflect.Int, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil {
			return err
		}
		fv.SetInt(n)
	case reflect.Bool:
		b, err := strconv.ParseBool(raw)
		if err != nil {
			return err
		}
		fv.SetBool(b)
	default:
		return errors.New("unsupported field kind " + fv.Kind().String())
	}
	return nil
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if status == http.StatusNoContent {
		return
	}
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, r *http.Request, err error) {
	if he, ok := statusOf(err); ok {
		if he.Status >= 500 {
			slog.ErrorContext(r.Context(), "request failed", "path", r.URL.Path, "err", err)
		}
		writeJSON(w, he.Status, map[string]any{"error": he})
		return
	}
	if errors.Is(err, context.Canceled) {
		writeJSON(w, 499, map[string]any{"error": map[string]string{"code": "canceled"}})
		return
	}
	slog.ErrorContext(r.Context(), "request failed", "path", r.URL.Path, "err", err)
	writeJSON(w, http.StatusInternalServerError, map[string]any{
		"error": map[string]string{"code": "internal", "message": "internal error"},
	})
}

// Created wraps a response so it is written with 201.
type Created[T any] struct {
	Value T
}

func (c Created[T]) StatusCode() int { return http.StatusCreated }

// MarshalJSON writes the wrapped value.
func (c Created[T]) MarshalJSON() ([]byte, error) { return json.Marshal(c.Value) }
