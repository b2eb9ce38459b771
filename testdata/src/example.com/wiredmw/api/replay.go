package api

import (
	"context"
	"net/http"
)

// A Response is a stored response of a key.
type Response struct {
	Key    string
	Status int
}

// Responses keeps the responses of keys.
type Responses interface {
	Find(ctx context.Context, key string) (*Response, error)
	Put(ctx context.Context, r *Response) error
}

// Replay looks the key's response up through an ORM, runs the handler,
// and stores the response after it.
func Replay(rs Responses, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := r.Header.Get("Idempotency-Key")
		if prev, err := rs.Find(r.Context(), key); err == nil {
			w.WriteHeader(prev.Status)
			return
		}
		next.ServeHTTP(w, r)
		rs.Put(r.Context(), &Response{Key: key, Status: http.StatusCreated})
	})
}
