package httpapi

import (
	"bytes"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"io"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/renalnet/dialysis-ops/internal/db"
)

// Idempotency makes a POST route replayable for clients that send an
// Idempotency-Key header: the first response for a key is stored and
// returned for repeats; a key whose request is still running gets 409.
// Requests that fail with a 5xx release the key so the client can retry.
func Idempotency(q *db.Queries, scope string, log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader("Idempotency-Key")
		if key == "" {
			c.Next()
			return
		}
		ctx := c.Request.Context()
		body, err := io.ReadAll(c.Request.Body)
		if err != nil {
			badRequest(c, err)
			return
		}
		c.Request.Body = io.NopCloser(bytes.NewReader(body))
		sum := sha256.Sum256(append([]byte(c.Request.URL.Path+"\n"), body...))
		hash := hex.EncodeToString(sum[:])

		n, err := q.InsertIdempotencyKey(ctx, db.InsertIdempotencyKeyParams{Scope: scope, Key: key, RequestHash: hash})
		if err != nil {
			writeError(c, err)
			return
		}
		if n == 0 {
			rec, err := q.GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{Scope: scope, Key: key})
			if err != nil {
				writeError(c, err)
				return
			}
			switch {
			case rec.RequestHash != hash:
				c.AbortWithStatusJSON(http.StatusUnprocessableEntity, errorBody{Error: "Idempotency-Key reused with a different request"})
			case rec.ResponseStatus.Valid:
				c.Header("Idempotent-Replayed", "true")
				c.Data(int(rec.ResponseStatus.Int32), "application/json; charset=utf-8", rec.ResponseBody)
				c.Abort()
			default:
				c.AbortWithStatusJSON(http.StatusConflict, errorBody{Error: "a request with this Idempotency-Key is in progress"})
			}
			return
		}

		rw := &recordingWriter{ResponseWriter: c.Writer}
		c.Writer = rw
		c.Next()

		status := rw.Status()
		if status >= 500 {
			if err := q.DeleteIdempotencyKey(ctx, db.DeleteIdempotencyKeyParams{Scope: scope, Key: key}); err != nil {
				log.WarnContext(ctx, "release idempotency key", "scope", scope, "err", err)
			}
			return
		}
		if err := q.CompleteIdempotencyKey(ctx, db.CompleteIdempotencyKeyParams{
			Scope:          scope,
			Key:            key,
			ResponseStatus: sql.NullInt32{Int32: int32(status), Valid: true},
			ResponseBody:   rw.buf.Bytes(),
		}); err != nil {
			log.WarnContext(ctx, "store idempotent response", "scope", scope, "err", err)
		}
	}
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
