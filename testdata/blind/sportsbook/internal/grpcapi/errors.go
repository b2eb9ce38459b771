package grpcapi

import (
	"context"
	"errors"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/kickoffbet/sportsbook/internal/betting"
	"github.com/kickoffbet/sportsbook/internal/idem"
	"github.com/kickoffbet/sportsbook/internal/limits"
	"github.com/kickoffbet/sportsbook/internal/money"
	"github.com/kickoffbet/sportsbook/internal/payments"
	"github.com/kickoffbet/sportsbook/internal/wallet"
	"github.com/kickoffbet/sportsbook/internal/withdrawals"
)

// toStatus maps domain errors to gRPC status codes.
func toStatus(err error) error {
	if err == nil {
		return nil
	}
	if s, ok := status.FromError(err); ok && s.Code() != codes.Unknown {
		return err
	}
	switch {
	case errors.Is(err, context.Canceled):
		return status.Error(codes.Canceled, err.Error())
	case errors.Is(err, context.DeadlineExceeded):
		return status.Error(codes.DeadlineExceeded, err.Error())
	case errors.Is(err, wallet.ErrInsufficientFunds):
		return status.Error(codes.FailedPrecondition, "insufficient funds")
	case errors.Is(err, wallet.ErrWalletNotFound), errors.Is(err, betting.ErrBetNotFound),
		errors.Is(err, payments.ErrDepositNotFound), errors.Is(err, withdrawals.ErrNotFound):
		return status.Error(codes.NotFound, err.Error())
	case errors.Is(err, limits.ErrLimitExceeded), errors.Is(err, limits.ErrSelfExcluded):
		return status.Error(codes.PermissionDenied, err.Error())
	case errors.Is(err, idem.ErrInFlight):
		return status.Error(codes.Aborted, err.Error())
	case errors.Is(err, betting.ErrMissingRequestID), errors.Is(err, withdrawals.ErrMissingKey),
		errors.Is(err, money.ErrInvalidAmount), errors.Is(err, limits.ErrInvalid):
		return status.Error(codes.InvalidArgument, err.Error())
	case errors.Is(err, betting.ErrMarketClosed), errors.Is(err, betting.ErrPriceChanged),
		errors.Is(err, betting.ErrNotCancellable), errors.Is(err, betting.ErrNotCashable),
		errors.Is(err, betting.ErrOfferBelowMinimum), errors.Is(err, betting.ErrFreeBetUnusable):
		return status.Error(codes.FailedPrecondition, err.Error())
	}
	return status.Error(codes.Internal, "internal error")
}
