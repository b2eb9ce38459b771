// Package idem replays responses for requests that carry an Idempotency-Key
// header, so that the back-office UI can safely resubmit a form after a
// gateway timeout.
package idem

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/jackc/pgx/v5"

	"github.com/acornlane-childcare/nursery/internal/db"
)

const HeaderKey = "Idempotency-Key"

// Record is a stored response.
type Record struct {
	Status int
	Body   []byte
}

// Store persists responses by (key, route).
type Store interface {
	Lookup(ctx context.Context, key, route string) (Record, bool, error)
	Save(ctx context.Context, key, route string, rec Record) error
}

// PGStore keeps records in the idempotency_keys table.
type PGStore struct {
	q *db.Queries
}

func NewPGStore(q *db.Queries) *PGStore { return &PGStore{q: q} }

func (s *PGStore) Lookup(ctx context.Context, key, route string) (Record, bool, error) {
	row, err := s.q.GetIdempotencyRecord(ctx, db.GetIdempotencyRecordParams{Key: key, Route: route})
	if errors.Is(err, pgx.ErrNoRows) {
		return Record{}, false, nil
	}
	if err != nil {
		return Record{}, false, err
	}
	return Record{Status: int(row.ResponseStatus), Body: row.ResponseBody}, true, nil
}

func (s *PGStore) Save(ctx context.Context, key, route string, rec Record) error {
	return s.q.SaveIdempotencyRecord(ctx, db.SaveIdempotencyRecordParams{
		Key:            key,
		Route:          route,
		ResponseStatus: int32(rec.Status),
		ResponseBody:   rec.Body,
	})
}

// Middleware replays the stored response for a key already seen on this
// route; otherwise it runs the handler and stores what it wrote. Server
// errors are not stored so that the client can try again.
func Middleware(store Store, logger *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader(HeaderKey)
		if key == "" {
			c.Next()
			return
		}
		route := c.FullPath()
		ctx := c.Request.Context()

		rec, found, err := store.Lookup(ctx, key, route)
		if err != nil {
			logger.ErrorContext(ctx, "idempotency lookup failed", "err", err, "route", route)
			c.AbortWithStatusJSON(http.StatusInternalServerError, gin.H{"error": "internal error"})
			return
		}
		if found {
			c.Header("Idempotent-Replayed", "true")
			c.Data(rec.Status, "application/json; charset=utf-8", rec.Body)
			c.Abort()
			return
		}

		w := &capturingWriter{ResponseWriter: c.Writer}
		c.Writer = w
		c.Next()

		if w.Status() >= http.StatusInternalServerError {
			return
		}
		saveCtx := context.WithoutCancel(ctx)
		if err := store.Save(saveCtx, key, route, Record{Status: w.Status(), Body: w.buf.Bytes()}); err != nil {
			logger.WarnContext(ctx, "idempotency save failed", "err", err, "route", route)
		}
	}
}

type capturingWriter struct {
	gin.ResponseWriter
	buf bytes.Buffer
}

func (w *capturingWriter) Write(b []byte) (int, error) {
	w.buf.Write(b)
	return w.ResponseWriter.Write(b)
}

func (w *capturingWriter) WriteString(s string) (int, error) {
	w.buf.WriteString(s)
	return w.ResponseWriter.WriteString(s)
}
