package grpcx

import (
	"context"
	"errors"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/veinline/plasmaops/internal/platform/apperr"
)

// ToStatus converts a domain error into a gRPC status error.
func ToStatus(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := status.FromError(err); ok {
		return err
	}
	if errors.Is(err, context.Canceled) {
		return status.Error(codes.Canceled, err.Error())
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return status.Error(codes.DeadlineExceeded, err.Error())
	}
	switch apperr.KindOf(err) {
	case apperr.KindNotFound:
		return status.Error(codes.NotFound, err.Error())
	case apperr.KindInvalid:
		return status.Error(codes.InvalidArgument, err.Error())
	case apperr.KindConflict:
		return status.Error(codes.AlreadyExists, err.Error())
	case apperr.KindPrecondition:
		return status.Error(codes.FailedPrecondition, err.Error())
	case apperr.KindUnauthenticated:
		return status.Error(codes.Unauthenticated, err.Error())
	default:
		return status.Error(codes.Internal, "internal error")
	}
}
