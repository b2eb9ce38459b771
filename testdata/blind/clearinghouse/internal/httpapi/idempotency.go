package httpapi

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/jmoiron/sqlx"

	"github.com/medbridge-health/clearinghouse/internal/platform/ids"
	"github.com/medbridge-health/clearinghouse/internal/repository"
)

// IdempotencyMiddleware replays stored responses for requests that carry
// an Idempotency-Key header. Use it on routes whose handlers do not manage
// keys themselves.
type IdempotencyMiddleware struct {
	db    *sqlx.DB
	store *repository.IdempotencyRepo
	log   *slog.Logger
}

// NewIdempotencyMiddleware builds the middleware.
func NewIdempotencyMiddleware(db *sqlx.DB, store *repository.IdempotencyRepo, log *slog.Logger) *IdempotencyMiddleware {
	return &IdempotencyMiddleware{db: db, store: store, log: log}
}

type recordingWriter struct {
	gin.ResponseWriter
	buf bytes.Buffer
}

func (w *recordingWriter) Write(b []byte) (int, error) {
	w.buf.Write(b)
	return w.ResponseWriter.Write(b)
}

// Handler returns the gin middleware for a scope (usually the route name).
func (m *IdempotencyMiddleware) Handler(scope string) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader("Idempotency-Key")
		if key == "" {
			c.Next()
			return
		}
		body, err := io.ReadAll(io.LimitReader(c.Request.Body, 1<<20))
		if err != nil {
			c.AbortWithStatusJSON(http.StatusBadRequest, errorBody{Error: "unreadable body", Code: "invalid_request"})
			return
		}
		c.Request.Body = io.NopCloser(bytes.NewReader(body))
		hash := ids.Fingerprint(append([]byte(c.Request.URL.Path+"\n"), body...))
		fullScope := scope + ":" + c.Param("account_id")

		ctx := c.Request.Context()
		rec, err := m.store.Get(ctx, m.db, fullScope, key)
		if err != nil {
			writeError(c, err)
			return
		}
		if rec != nil {
			if rec.RequestHash != hash {
				c.AbortWithStatusJSON(http.StatusUnprocessableEntity, errorBody{
					Error: "Idempotency-Key reused with a different request", Code: "idempotency_mismatch",
				})
				return
			}
			c.Header("Idempotent-Replayed", "true")
			c.Data(rec.StatusCode, "application/json; charset=utf-8", rec.Response)
			c.Abort()
			return
		}

		rw := &recordingWriter{ResponseWriter: c.Writer}
		c.Writer = rw
		c.Next()

		status := rw.Status()
		if status >= 500 || !json.Valid(rw.buf.Bytes()) {
			return
		}
		if _, err := m.store.Put(ctx, m.db, repository.IdempotencyRecord{
			Scope:       fullScope,
			Key:         key,
			RequestHash: hash,
			StatusCode:  status,
			Response:    rw.buf.Bytes(),
		}); err != nil {
			m.log.Error("store idempotency record", "scope", fullScope, "err", err)
		}
	}
}
