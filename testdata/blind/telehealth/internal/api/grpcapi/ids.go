package grpcapi

import (
	"fmt"

	"github.com/google/uuid"

	"github.com/carelink/telehealth/internal/domain"
)

func parseID(field, s string) (uuid.UUID, error) {
	id, err := uuid.Parse(s)
	if err != nil {
		return uuid.Nil, fmt.Errorf("%s: %w", field, domain.ErrInvalidArgument)
	}
	return id, nil
}
