// Package store contains the gorm repositories.
package store

import (
	"errors"

	"gorm.io/gorm"

	"github.com/northgate-museums/visitor-platform/internal/platform/httpx"
)

// notFound maps gorm's not-found error onto the transport-neutral one.
func notFound(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return httpx.ErrNotFound
	}
	return err
}
