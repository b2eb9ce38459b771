package httpapi

import (
	"bytes"
	"crypto/hmac"
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

	"github.com/gridwell/utilities/internal/domain"
	"github.com/gridwell/utilities/internal/store"
)

const (
	ctxRequestID = "request_id"
	ctxPrincipal = "principal"
	ctxRole      = "role"
)

// RequestID tags every request with an ID for logs and outbound tracing.
func RequestID() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Request-Id")
		if id == "" {
			id = uuid.NewString()
		}
		c.Set(ctxRequestID, id)
		c.Header("X-Request-Id", id)
		c.Next()
	}
}

func requestID(c *gin.Context) string { return c.GetString(ctxRequestID) }

// AccessLog writes one line per request.
func AccessLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		log.Info("http",
			"method", c.Request.Method,
			"path", c.FullPath(),
			"status", c.Writer.Status(),
			"duration_ms", time.Since(start).Milliseconds(),
			"request_id", requestID(c),
		)
	}
}

// Authenticated trusts the identity headers set by the API gateway in front
// of this service after it validated the session or agent token.
func Authenticated() gin.HandlerFunc {
	return func(c *gin.Context) {
		sub := c.GetHeader("X-Auth-Subject")
		role := c.GetHeader("X-Auth-Role")
		if sub == "" {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "unauthenticated"})
			return
		}
		if role == "customer" {
			if acct := c.Param("account_id"); acct != "" && acct != c.GetHeader("X-Auth-Account") {
				c.AbortWithStatusJSON(http.StatusForbidden, gin.H{"error": "forbidden"})
				return
			}
		}
		c.Set(ctxPrincipal, sub)
		c.Set(ctxRole, role)
		c.Next()
	}
}

// AgentOnly restricts a route to contact-centre agents.
func AgentOnly() gin.HandlerFunc {
	return func(c *gin.Context) {
		if c.GetString(ctxRole) != "agent" {
			c.AbortWithStatusJSON(http.StatusForbidden, gin.H{"error": "agents only"})
			return
		}
		c.Next()
	}
}

// AdminToken guards the operations endpoints with a shared bearer token.
func AdminToken(token string) gin.HandlerFunc {
	return func(c *gin.Context) {
		got := strings.TrimPrefix(c.GetHeader("Authorization"), "Bearer ")
		if token == "" || !hmac.Equal([]byte(got), []byte(token)) {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "unauthorized"})
			return
		}
		c.Set(ctxPrincipal, "admin")
		c.Next()
	}
}

// VerifySignature checks an HMAC-SHA256 of the raw body sent by a partner.
func VerifySignature(header, secret string) gin.HandlerFunc {
	return func(c *gin.Context) {
		body, err := io.ReadAll(io.LimitReader(c.Request.Body, 1<<20))
		if err != nil {
			c.AbortWithStatus(http.StatusBadRequest)
			return
		}
		mac := hmac.New(sha256.New, []byte(secret))
		mac.Write(body)
		want := hex.EncodeToString(mac.Sum(nil))
		if !hmac.Equal([]byte(want), []byte(c.GetHeader(header))) {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "bad signature"})
			return
		}
		c.Request.Body = io.NopCloser(bytes.NewReader(body))
		c.Next()
	}
}

// captureWriter keeps a copy of the response body.
type captureWriter struct {
	gin.ResponseWriter
	buf bytes.Buffer
}

func (w *captureWriter) Write(b []byte) (int, error) {
	w.buf.Write(b)
	return w.ResponseWriter.Write(b)
}

// Idempotent replays the stored response for a repeated Idempotency-Key and
// stores the response of the first request that completes.
func Idempotent(keys store.IdempotencyRepository, scope string) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader("Idempotency-Key")
		if key == "" {
			c.Next()
			return
		}
		fullScope := scope + ":" + c.Param("account_id")
		rec, err := keys.Get(c.Request.Context(), fullScope, key)
		switch {
		case err == nil && rec.ResponseStatus.Valid:
			c.Data(int(rec.ResponseStatus.Int64), "application/json", rec.ResponseBody)
			c.Abort()
			return
		case err != nil && !errors.Is(err, domain.ErrNotFound):
			c.AbortWithStatusJSON(http.StatusInternalServerError, gin.H{"error": "idempotency lookup failed"})
			return
		}
		cw := &captureWriter{ResponseWriter: c.Writer}
		c.Writer = cw
		c.Next()
		if status := cw.Status(); status < 500 {
			if err := keys.SaveResponse(c.Request.Context(), fullScope, key, status, cw.buf.Bytes()); err != nil {
				slog.Default().Warn("store idempotent response", "scope", fullScope, "err", err)
			}
		}
	}
}
