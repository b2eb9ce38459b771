package httpapi

import (
	"bytes"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/northvault/custody/internal/domain"
	"github.com/northvault/custody/internal/platform/idem"
	"github.com/northvault/custody/internal/ports"
)

const (
	headerRequestID      = "X-Request-ID"
	headerIdempotencyKey = "Idempotency-Key"
	headerCustomerID     = "X-Customer-ID"
	headerOperatorID     = "X-Operator-ID"

	ctxCustomerID = "customer_id"
	ctxOperatorID = "operator_id"
)

func RequestID() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader(headerRequestID)
		if id == "" {
			id = uuid.NewString()
		}
		c.Set(headerRequestID, id)
		c.Header(headerRequestID, id)
		c.Next()
	}
}

func AccessLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		log.Info("http",
			"method", c.Request.Method,
			"path", c.FullPath(),
			"status", c.Writer.Status(),
			"took", time.Since(start),
			"request_id", c.GetString(headerRequestID),
		)
	}
}

// CustomerAuth reads the customer identity set by the edge gateway after it
// has verified the session.
func CustomerAuth() gin.HandlerFunc {
	return func(c *gin.Context) {
		id, err := uuid.Parse(c.GetHeader(headerCustomerID))
		if err != nil {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "unauthenticated"})
			return
		}
		c.Set(ctxCustomerID, id)
		c.Next()
	}
}

// OperatorAuth reads the back-office operator identity set by the edge
// gateway.
func OperatorAuth() gin.HandlerFunc {
	return func(c *gin.Context) {
		id, err := uuid.Parse(c.GetHeader(headerOperatorID))
		if err != nil {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "operator only"})
			return
		}
		c.Set(ctxOperatorID, id)
		c.Next()
	}
}

func customerID(c *gin.Context) uuid.UUID { return c.MustGet(ctxCustomerID).(uuid.UUID) }
func operatorID(c *gin.Context) uuid.UUID { return c.MustGet(ctxOperatorID).(uuid.UUID) }

type bodyRecorder struct {
	gin.ResponseWriter
	buf bytes.Buffer
}

func (w *bodyRecorder) Write(b []byte) (int, error) {
	w.buf.Write(b)
	return w.ResponseWriter.Write(b)
}

// Idempotent replays the stored response of a request whose Idempotency-Key
// was already answered, and stores the response of new requests.
func Idempotent(store func() ports.IdempotencyRepo, scope string) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader(headerIdempotencyKey)
		if key == "" {
			c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": "Idempotency-Key header is required"})
			return
		}
		body, err := io.ReadAll(c.Request.Body)
		if err != nil {
			c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": "unreadable body"})
			return
		}
		c.Request.Body = io.NopCloser(bytes.NewReader(body))
		hash := idem.Hash(string(body))
		scoped := scope + ":" + c.GetHeader(headerCustomerID)

		ctx := c.Request.Context()
		rec, err := store().Get(ctx, scoped, key)
		switch {
		case err == nil && rec.Completed:
			if rec.RequestHash != hash {
				c.AbortWithStatusJSON(http.StatusUnprocessableEntity, gin.H{"error": domain.ErrKeyReuse.Error()})
				return
			}
			c.Header("Idempotent-Replayed", "true")
			c.Data(rec.ResponseCode, "application/json; charset=utf-8", rec.ResponseBody)
			c.Abort()
			return
		case err != nil && !errors.Is(err, domain.ErrNotFound):
			c.AbortWithStatusJSON(http.StatusInternalServerError, gin.H{"error": "internal error"})
			return
		}

		rw := &bodyRecorder{ResponseWriter: c.Writer}
		c.Writer = rw
		c.Next()

		if status := rw.Status(); status < 500 {
			if err := store().Save(ctx, domain.IdempotencyRecord{
				Scope:        scoped,
				Key:          key,
				RequestHash:  hash,
				ResponseCode: status,
				ResponseBody: rw.buf.Bytes(),
			}); err != nil {
				_ = c.Error(err)
			}
		}
	}
}
