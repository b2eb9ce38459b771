package idempotency

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/nimbusrack/hosting/internal/platform/httpx"
)

type storedResponse struct {
	Key        string    `gorm:"primaryKey"`
	CustomerID uuid.UUID `gorm:"primaryKey;type:uuid"`
	Method     string
	Path       string
	StatusCode int
	Body       []byte
	CreatedAt  time.Time
}

func (storedResponse) TableName() string { return "http_idempotency_responses" }

// ResponseCache is the Postgres-backed httpx.ResponseStore.
type ResponseCache struct {
	db  *gorm.DB
	ttl time.Duration
}

// NewResponseCache returns a store whose entries are honoured for ttl.
func NewResponseCache(db *gorm.DB) *ResponseCache {
	return &ResponseCache{db: db, ttl: 24 * time.Hour}
}

var _ httpx.ResponseStore = (*ResponseCache)(nil)

// Lookup returns the stored response, or nil when none is recorded.
func (c *ResponseCache) Lookup(ctx context.Context, customerID uuid.UUID, key string) (*httpx.StoredResponse, error) {
	var row storedResponse
	err := c.db.WithContext(ctx).
		Where("customer_id = ? AND key = ? AND created_at > ?", customerID, key, time.Now().Add(-c.ttl)).
		Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &httpx.StoredResponse{StatusCode: row.StatusCode, Body: row.Body}, nil
}

// Save stores a response; the first writer for a key wins.
func (c *ResponseCache) Save(ctx context.Context, customerID uuid.UUID, key, method, path string, resp httpx.StoredResponse) error {
	return c.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&storedResponse{
		Key:        key,
		CustomerID: customerID,
		Method:     method,
		Path:       path,
		StatusCode: resp.StatusCode,
		Body:       resp.Body,
		CreatedAt:  time.Now().UTC(),
	}).Error
}
