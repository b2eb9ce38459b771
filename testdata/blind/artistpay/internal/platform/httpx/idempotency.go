package httpx

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/soundledger/artistpay/internal/models"
)

// KeyStore keeps responses of requests made with an idempotency key.
type KeyStore interface {
	Lookup(ctx context.Context, scope, key string) (*models.IdempotencyKey, error)
	Save(ctx context.Context, rec *models.IdempotencyKey) error
}

// GormKeyStore is a KeyStore over the idempotency_keys table.
type GormKeyStore struct {
	DB *gorm.DB
}

// NewKeyStore returns the table-backed store.
func NewKeyStore(db *gorm.DB) KeyStore { return &GormKeyStore{DB: db} }

// Lookup returns the stored record or nil.
func (s *GormKeyStore) Lookup(ctx context.Context, scope, key string) (*models.IdempotencyKey, error) {
	var rec models.IdempotencyKey
	err := s.DB.WithContext(ctx).First(&rec, "scope = ? AND key = ?", scope, key).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &rec, nil
}

// Save stores rec; the first stored response wins.
func (s *GormKeyStore) Save(ctx context.Context, rec *models.IdempotencyKey) error {
	return s.DB.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(rec).Error
}

type recorder struct {
	http.ResponseWriter
	body bytes.Buffer
}

func (r *recorder) Write(b []byte) (int, error) {
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}

// Idempotent replays the stored response when a request is repeated with
// the same Idempotency-Key, and stores the response of the first one.
func Idempotent(store KeyStore, scope string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			key := c.Request().Header.Get(HeaderIdempotencyKey)
			if key == "" {
				return next(c)
			}
			ctx := c.Request().Context()
			body, err := io.ReadAll(c.Request().Body)
			if err != nil {
				return err
			}
			c.Request().Body = io.NopCloser(bytes.NewReader(body))
			sum := sha256.Sum256(body)
			hash := hex.EncodeToString(sum[:])

			prior, err := store.Lookup(ctx, scope, key)
			if err != nil {
				return err
			}
			if prior != nil {
				if prior.RequestHash != hash {
					return echo.NewHTTPError(http.StatusUnprocessableEntity, "idempotency key reused with a different body")
				}
				status := http.StatusOK
				if prior.StatusCode != nil {
					status = *prior.StatusCode
				}
				c.Response().Header().Set("Idempotent-Replayed", "true")
				return c.JSONBlob(status, prior.ResponseBody)
			}

			rec := &recorder{ResponseWriter: c.Response().Writer}
			c.Response().Writer = rec
			if err := next(c); err != nil {
				return err
			}
			status := c.Response().Status
			if status >= 500 {
				return nil
			}
			return store.Save(ctx, &models.IdempotencyKey{
				Scope:        scope,
				Key:          key,
				RequestHash:  hash,
				StatusCode:   &status,
				ResponseBody: rec.body.Bytes(),
				CreatedAt:    time.Now().UTC(),
			})
		}
	}
}
