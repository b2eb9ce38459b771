package store

import (
	"context"

	"gorm.io/gorm"

	"example.com/wiredmw/api"
)

// IdempotencyKey is a stored response.
type IdempotencyKey struct {
	Key    string `gorm:"primaryKey"`
	Status int
}

// Responses keeps responses through gorm.
type Responses struct{ DB *gorm.DB }

func (s *Responses) Find(ctx context.Context, key string) (*api.Response, error) {
	var k IdempotencyKey
	if err := s.DB.WithContext(ctx).First(&k, "key = ?", key).Error; err != nil {
		return nil, err
	}
	return &api.Response{Key: k.Key, Status: k.Status}, nil
}

func (s *Responses) Put(ctx context.Context, r *api.Response) error {
	return s.DB.WithContext(ctx).Create(&IdempotencyKey{Key: r.Key, Status: r.Status}).Error // want `a crash after the handler commits and before the key is stored .* \(idempotency_keys; HTTP handler func literal in Replay\)`
}
