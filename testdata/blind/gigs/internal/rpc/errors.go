package rpc

import (
	"context"
	"errors"
	"log/slog"

	"connectrpc.com/connect"

	"github.com/gigbridge/escrow/internal/service"
)

// toConnect maps a service error to a connect error. Internal errors are
// logged and replaced with a generic message.
func toConnect(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	var ce *connect.Error
	if errors.As(err, &ce) {
		return ce
	}
	if errors.Is(err, context.Canceled) {
		return connect.NewError(connect.CodeCanceled, err)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return connect.NewError(connect.CodeDeadlineExceeded, err)
	}
	switch service.KindOf(err) {
	case service.KindInvalid:
		return connect.NewError(connect.CodeInvalidArgument, err)
	case service.KindNotFound:
		return connect.NewError(connect.CodeNotFound, err)
	case service.KindConflict:
		return connect.NewError(connect.CodeAlreadyExists, err)
	case service.KindPrecondition:
		return connect.NewError(connect.CodeFailedPrecondition, err)
	case service.KindPermission:
		return connect.NewError(connect.CodePermissionDenied, err)
	case service.KindUnavailable:
		return connect.NewError(connect.CodeUnavailable, err)
	}
	slog.ErrorContext(ctx, "internal error", "err", err)
	return connect.NewError(connect.CodeInternal, errors.New("internal error"))
}

func invalidArg(msg string) error {
	return connect.NewError(connect.CodeInvalidArgument, errors.New(msg))
}
