package httpapi

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/ids"
	"github.com/tldhouse/registrar/internal/model"
	"github.com/tldhouse/registrar/internal/store"
)

const (
	ctxPrincipal = "principal"
	ctxRequestID = "request_id"
)

// RequestID tags every request with an id, reusing the caller's X-Request-Id.
func RequestID() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Request-Id")
		if id == "" {
			id = ids.New("req")
		}
		c.Set(ctxRequestID, id)
		c.Header("X-Request-Id", id)
		c.Next()
	}
}

// AccessLog writes one line per request.
func AccessLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		log.Info("http",
			"method", c.Request.Method,
			"path", c.FullPath(),
			"status", c.Writer.Status(),
			"dur_ms", time.Since(start).Milliseconds(),
			"request_id", c.GetString(ctxRequestID),
		)
	}
}

type TokenResolver interface {
	PrincipalForToken(ctx context.Context, tokenHash string) (model.Principal, error)
}

// Auth resolves the bearer token to the calling account.
func Auth(tokens TokenResolver) gin.HandlerFunc {
	return func(c *gin.Context) {
		raw, ok := strings.CutPrefix(c.GetHeader("Authorization"), "Bearer ")
		if !ok || raw == "" {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "missing bearer token"})
			return
		}
		sum := sha256.Sum256([]byte(raw))
		p, err := tokens.PrincipalForToken(c.Request.Context(), hex.EncodeToString(sum[:]))
		if err != nil {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "invalid token"})
			return
		}
		c.Set(ctxPrincipal, p)
		c.Next()
	}
}

// RequireAdmin lets only admin tokens through.
func RequireAdmin() gin.HandlerFunc {
	return func(c *gin.Context) {
		if !principal(c).IsAdmin() {
			c.AbortWithStatusJSON(http.StatusForbidden, gin.H{"error": "admin only"})
			return
		}
		c.Next()
	}
}

func principal(c *gin.Context) model.Principal {
	if p, ok := c.Get(ctxPrincipal); ok {
		return p.(model.Principal)
	}
	return model.Principal{AccountID: uuid.Nil}
}

type ResponseStore interface {
	Lookup(ctx context.Context, accountID uuid.UUID, scope, key string) (store.IdemRecord, error)
	SaveResponse(ctx context.Context, rec store.IdemRecord) error
}

type captureWriter struct {
	gin.ResponseWriter
	buf bytes.Buffer
}

func (w *captureWriter) Write(b []byte) (int, error) {
	w.buf.Write(b)
	return w.ResponseWriter.Write(b)
}

// Idempotent answers a request that repeats an Idempotency-Key with the
// response stored for the first one, and stores the response of a new
// request once the handler has run.
func Idempotent(responses ResponseStore, scope string, log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader("Idempotency-Key")
		if key == "" || len(key) > 255 {
			c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": "Idempotency-Key header required"})
			return
		}
		body, err := io.ReadAll(io.LimitReader(c.Request.Body, 1<<20))
		if err != nil {
			c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": "unreadable body"})
			return
		}
		c.Request.Body = io.NopCloser(bytes.NewReader(body))
		sum := sha256.Sum256(body)
		hash := hex.EncodeToString(sum[:])
		p := principal(c)

		prev, err := responses.Lookup(c.Request.Context(), p.AccountID, scope, key)
		switch {
		case err == nil:
			if prev.RequestHash != hash {
				c.AbortWithStatusJSON(http.StatusUnprocessableEntity, gin.H{"error": "Idempotency-Key reused with a different body"})
				return
			}
			c.Header("Idempotent-Replayed", "true")
			c.Data(prev.ResponseStatus, "application/json; charset=utf-8", prev.ResponseBody)
			c.Abort()
			return
		case !errors.Is(err, db.ErrNotFound):
			c.AbortWithStatusJSON(http.StatusInternalServerError, gin.H{"error": "internal error"})
			return
		}

		w := &captureWriter{ResponseWriter: c.Writer}
		c.Writer = w
		c.Next()

		if status := w.Status(); status < 500 {
			if err := responses.SaveResponse(c.Request.Context(), store.IdemRecord{
				AccountID:      p.AccountID,
				Key:            key,
				Scope:          scope,
				RequestHash:    hash,
				ResponseStatus: status,
				ResponseBody:   w.buf.Bytes(),
			}); err != nil {
				log.Error("store idempotent response", "scope", scope, "err", err)
			}
		}
	}
}
