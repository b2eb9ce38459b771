package api

import (
	"bytes"
	"context"
	"errors"
	"log/slog"

	"github.com/gin-gonic/gin"

	"github.com/docketly/efile/internal/store/db"
	"github.com/docketly/efile/internal/store/repo"
)

// ResponseStore keeps responses for replay under an Idempotency-Key.
type ResponseStore interface {
	Lookup(ctx context.Context, scope, key string) (*db.APIResponse, error)
	Save(ctx context.Context, rec db.APIResponse) error
}

// PGResponseStore stores responses in api_responses through the generic repo.
type PGResponseStore struct {
	DB db.DBTX
}

// Lookup returns the stored response or nil.
func (s PGResponseStore) Lookup(ctx context.Context, scope, key string) (*db.APIResponse, error) {
	rec, err := repo.Get[db.APIResponse](ctx, s.DB, scope, key)
	if errors.Is(err, repo.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &rec, nil
}

// Save stores a response.
func (s PGResponseStore) Save(ctx context.Context, rec db.APIResponse) error {
	_, err := repo.Insert(ctx, s.DB, &rec)
	return err
}

type recordingWriter struct {
	gin.ResponseWriter
	buf bytes.Buffer
}

func (w *recordingWriter) Write(b []byte) (int, error) {
	w.buf.Write(b)
	return w.ResponseWriter.Write(b)
}

// replayable lets clients that retry uploads send an Idempotency-Key: the
// first response for a key is stored and replayed for repeats.
func replayable(store ResponseStore, log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader("Idempotency-Key")
		if key == "" {
			c.Next()
			return
		}
		ctx := c.Request.Context()
		scope := firmID(c).String() + " " + c.Request.Method + " " + c.FullPath() + " " + c.Param("id")

		prev, err := store.Lookup(ctx, scope, key)
		if err != nil {
			writeError(c, log, err)
			c.Abort()
			return
		}
		if prev != nil {
			c.Header("Idempotent-Replayed", "true")
			c.Data(prev.StatusCode, "application/json; charset=utf-8", prev.Body)
			c.Abort()
			return
		}

		rw := &recordingWriter{ResponseWriter: c.Writer}
		c.Writer = rw
		c.Next()

		if status := rw.Status(); status < 500 {
			if err := store.Save(ctx, db.APIResponse{Scope: scope, Key: key, StatusCode: status, Body: rw.buf.Bytes()}); err != nil {
				log.WarnContext(ctx, "store idempotent response", "scope", scope, "err", err)
			}
		}
	}
}
