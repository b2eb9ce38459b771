// Package httpapi serves the tutor-facing REST API and the vendor
// webhooks with gin.
package httpapi

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"github.com/learnloop/tutoring/internal/config"
	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/platform/database"
	"github.com/learnloop/tutoring/internal/platform/reqctx"
	"github.com/learnloop/tutoring/internal/store"
)

// RouterParams collects the route groups.
type RouterParams struct {
	fx.In

	Pool     *pgxpool.Pool
	Tutors   store.Tutors
	Keys     store.IdempotencyKeys
	Handlers *TutorHandlers
	Stripe   *StripeWebhook
	Video    *VideoWebhook
	Msg      *MessagingWebhook
	Log      *slog.Logger
}

// NewRouter builds the gin engine.
func NewRouter(p RouterParams) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Recovery(), requestLog(p.Log))

	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })

	r.POST("/v1/tutors/applications", p.Handlers.Apply)

	t := r.Group("/v1/tutors/:tutorID", tutorAuth(p.Pool, p.Tutors))
	t.PUT("/availability", p.Handlers.ImportAvailability)
	t.POST("/students/import", p.Handlers.ImportRoster)
	t.POST("/payout-account", p.Handlers.PayoutAccount)
	t.POST("/lessons/:lessonID/room", p.Handlers.Room)
	t.POST("/lessons/:lessonID/complete", p.Handlers.Complete)
	t.POST("/lessons/:lessonID/no-show", p.Handlers.NoShow)
	t.POST("/lessons/:lessonID/extend", IdempotentResponses(p.Pool, p.Keys, "tutor_extend", p.Log), p.Handlers.Extend)

	wh := r.Group("/webhooks")
	wh.POST("/stripe", p.Stripe.Handle)
	wh.POST("/roomcast", p.Video.Handle)
	wh.POST("/notifly", p.Msg.Handle)
	return r
}

func requestLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		log.Info("http", "method", c.Request.Method, "path", c.FullPath(), "status", c.Writer.Status(), "dur", time.Since(start))
	}
}

// tutorAuth resolves the bearer token to a tutor and checks it matches
// the :tutorID path parameter.
func tutorAuth(pool *pgxpool.Pool, tutors store.Tutors) gin.HandlerFunc {
	return func(c *gin.Context) {
		tok, ok := strings.CutPrefix(c.GetHeader("Authorization"), "Bearer ")
		if !ok || tok == "" {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "missing token"})
			return
		}
		sum := sha256.Sum256([]byte(tok))
		id, err := tutors.ByTokenHash(c.Request.Context(), pool, hex.EncodeToString(sum[:]))
		if err != nil {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "invalid token"})
			return
		}
		if c.Param("tutorID") != id.String() {
			c.AbortWithStatusJSON(http.StatusForbidden, gin.H{"error": "forbidden"})
			return
		}
		c.Request = c.Request.WithContext(reqctx.WithTutor(c.Request.Context(), id))
		c.Next()
	}
}

func authTutor(c *gin.Context) uuid.UUID {
	id, _ := reqctx.Tutor(c.Request.Context())
	return id
}

func pathUUID(c *gin.Context, name string) (uuid.UUID, bool) {
	id, err := uuid.Parse(c.Param(name))
	if err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": "invalid " + name})
		return uuid.Nil, false
	}
	return id, true
}

func writeError(c *gin.Context, err error) {
	code := http.StatusInternalServerError
	switch {
	case errors.Is(err, database.ErrNotFound):
		code = http.StatusNotFound
	case errors.Is(err, domain.ErrInvalidArgument):
		code = http.StatusBadRequest
	case errors.Is(err, domain.ErrForbidden):
		code = http.StatusForbidden
	case errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrSlotUnavailable):
		code = http.StatusConflict
	case errors.Is(err, domain.ErrInsufficientCredit):
		code = http.StatusPaymentRequired
	}
	msg := err.Error()
	if code == http.StatusInternalServerError {
		msg = "internal error"
	}
	c.JSON(code, gin.H{"error": msg})
}

// Start serves the engine for the app's lifetime.
func Start(lc fx.Lifecycle, engine *gin.Engine, cfg config.Config, log *slog.Logger) {
	srv := &http.Server{Addr: cfg.HTTPAddr, Handler: engine, ReadHeaderTimeout: 10 * time.Second}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http server stopped", "err", err)
				}
			}()
			log.Info("http listening", "addr", cfg.HTTPAddr)
			return nil
		},
		OnStop: srv.Shutdown,
	})
}
