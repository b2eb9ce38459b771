package idempotency

import (
	"bytes"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/skyguard-travel/policyhub/internal/models"
)

// HeaderKey is the request header partners put their idempotency key in.
const HeaderKey = "Idempotency-Key"

// MiddlewareConfig configures Middleware.
type MiddlewareConfig struct {
	Store Store
	Scope string
	Log   *slog.Logger
	// PartnerID extracts the authenticated partner from the request.
	PartnerID func(c *gin.Context) (uuid.UUID, bool)
}

type captureWriter struct {
	gin.ResponseWriter
	buf bytes.Buffer
}

func (w *captureWriter) Write(b []byte) (int, error) {
	w.buf.Write(b)
	return w.ResponseWriter.Write(b)
}

// Middleware replays the stored response for a request whose
// Idempotency-Key was already answered, and stores the response of a new
// one. Requests without the header pass through.
func Middleware(cfg MiddlewareConfig) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader(HeaderKey)
		if key == "" {
			c.Next()
			return
		}
		partnerID, ok := cfg.PartnerID(c)
		if !ok {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "unauthenticated"})
			return
		}

		body, err := io.ReadAll(c.Request.Body)
		if err != nil {
			c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": "unreadable body"})
			return
		}
		c.Request.Body = io.NopCloser(bytes.NewReader(body))
		hash := HashRequest(body)

		ctx := c.Request.Context()
		rec, err := cfg.Store.Lookup(ctx, partnerID, cfg.Scope, key)
		switch {
		case err == nil:
			if rec.RequestHash != hash {
				c.AbortWithStatusJSON(http.StatusUnprocessableEntity, gin.H{"error": ErrMismatch.Error()})
				return
			}
			c.Header("Idempotent-Replayed", "true")
			c.Data(rec.ResponseStatus, "application/json; charset=utf-8", rec.ResponseBody)
			c.Abort()
			return
		case !errors.Is(err, ErrNotFound):
			cfg.Log.ErrorContext(ctx, "idempotency lookup failed", "err", err)
			c.AbortWithStatusJSON(http.StatusInternalServerError, gin.H{"error": "internal error"})
			return
		}

		w := &captureWriter{ResponseWriter: c.Writer}
		c.Writer = w
		c.Next()

		status := w.Status()
		if status >= 500 {
			return
		}
		if err := cfg.Store.Save(ctx, &models.IdempotencyRecord{
			PartnerID:      partnerID,
			Scope:          cfg.Scope,
			Key:            key,
			RequestHash:    hash,
			ResponseStatus: status,
			ResponseBody:   w.buf.Bytes(),
		}); err != nil {
			cfg.Log.WarnContext(ctx, "idempotency save failed", "scope", cfg.Scope, "err", err)
		}
	}
}
