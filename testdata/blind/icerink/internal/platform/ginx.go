package platform

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/frostline-arena/rinkops/internal/db"
)

// RespondError maps domain errors to HTTP status codes.
func RespondError(c *gin.Context, err error) {
	status := http.StatusInternalServerError
	switch {
	case errors.Is(err, ErrNotFound):
		status = http.StatusNotFound
	case errors.Is(err, ErrConflict):
		status = http.StatusConflict
	case errors.Is(err, ErrInvalid):
		status = http.StatusBadRequest
	}
	if status == http.StatusInternalServerError {
		slog.ErrorContext(c.Request.Context(), "request failed", "path", c.FullPath(), "err", err)
		c.AbortWithStatusJSON(status, gin.H{"error": "internal error"})
		return
	}
	c.AbortWithStatusJSON(status, gin.H{"error": err.Error()})
}

// RequestKey returns the client's Idempotency-Key header, if any.
func RequestKey(c *gin.Context) string {
	return c.GetHeader("Idempotency-Key")
}

// StoredResponse is a response replayed for a repeated Idempotency-Key.
type StoredResponse struct {
	Status int
	Body   []byte
}

type IdempotencyStore interface {
	Lookup(ctx context.Context, key, route string) (*StoredResponse, error)
	Save(ctx context.Context, key, route string, status int, body []byte) error
}

// PgIdempotencyStore keeps replayable responses in idempotency_keys.
type PgIdempotencyStore struct {
	pool *pgxpool.Pool
}

func NewPgIdempotencyStore(pool *pgxpool.Pool) *PgIdempotencyStore {
	return &PgIdempotencyStore{pool: pool}
}

func (s *PgIdempotencyStore) Lookup(ctx context.Context, key, route string) (*StoredResponse, error) {
	rec, err := db.New(s.pool).GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{Key: key, Route: route})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &StoredResponse{Status: int(rec.StatusCode), Body: rec.ResponseBody}, nil
}

func (s *PgIdempotencyStore) Save(ctx context.Context, key, route string, status int, body []byte) error {
	return db.New(s.pool).SaveIdempotencyKey(ctx, db.SaveIdempotencyKeyParams{
		Key:          key,
		Route:        route,
		StatusCode:   int32(status),
		ResponseBody: body,
	})
}

type recordingWriter struct {
	gin.ResponseWriter
	buf bytes.Buffer
}

func (w *recordingWriter) Write(b []byte) (int, error) {
	w.buf.Write(b)
	return w.ResponseWriter.Write(b)
}

func (w *recordingWriter) WriteString(s string) (int, error) {
	w.buf.WriteString(s)
	return w.ResponseWriter.WriteString(s)
}

// Idempotency replays the stored response when a client repeats a request
// with the same Idempotency-Key. Requests without the header pass through.
func Idempotency(store IdempotencyStore) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := RequestKey(c)
		if key == "" {
			c.Next()
			return
		}
		ctx := c.Request.Context()
		route := c.FullPath()

		prev, err := store.Lookup(ctx, key, route)
		if err != nil {
			RespondError(c, err)
			return
		}
		if prev != nil {
			c.Header("Idempotent-Replayed", "true")
			c.Data(prev.Status, "application/json; charset=utf-8", prev.Body)
			c.Abort()
			return
		}

		rec := &recordingWriter{ResponseWriter: c.Writer}
		c.Writer = rec
		c.Next()

		if rec.Status() >= http.StatusInternalServerError {
			return
		}
		if err := store.Save(context.WithoutCancel(ctx), key, route, rec.Status(), rec.buf.Bytes()); err != nil {
			slog.WarnContext(ctx, "idempotency: save response", "route", route, "err", err)
		}
	}
}
