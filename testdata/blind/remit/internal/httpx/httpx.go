// Package httpx has small helpers shared by the admin and webhook handlers.
package httpx

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/internal/domain"
	"github.com/sendhome/remit/internal/platform/ids"
)

func JSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

func Error(w http.ResponseWriter, err error) {
	code := http.StatusInternalServerError
	switch {
	case errors.Is(err, domain.ErrInvalid):
		code = http.StatusBadRequest
	case errors.Is(err, domain.ErrNotFound), ent.IsNotFound(err):
		code = http.StatusNotFound
	case errors.Is(err, domain.ErrFailedPrecondition), errors.Is(err, domain.ErrConflict):
		code = http.StatusConflict
	}
	JSON(w, code, map[string]string{"error": err.Error()})
}

func Decode(r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return domain.Invalidf("body: %v", err)
	}
	return nil
}

type statusRecorder struct {
	http.ResponseWriter
	code int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.code = code
	s.ResponseWriter.WriteHeader(code)
}

// Logging is a mux middleware that logs each request with a request ID.
func Logging(log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			reqID := r.Header.Get("X-Request-Id")
			if reqID == "" {
				reqID = ids.Request()
			}
			w.Header().Set("X-Request-Id", reqID)
			rec := &statusRecorder{ResponseWriter: w, code: http.StatusOK}
			start := time.Now()
			next.ServeHTTP(rec, r)
			log.Info("http", "method", r.Method, "path", r.URL.Path, "status", rec.code, "request_id", reqID, "took", time.Since(start))
		})
	}
}
