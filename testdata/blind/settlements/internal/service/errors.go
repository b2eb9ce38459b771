package service

import (
	"errors"
	"fmt"

	"github.com/trustwell/settlements/internal/domain"
)

// ErrNoBankAccount is returned when a claimant has no payout account yet.
var ErrNoBankAccount = errors.New("claimant has no bank account on file")

func domainStateErr(msg string) error {
	return fmt.Errorf("%s: %w", msg, domain.ErrInvalidState)
}
