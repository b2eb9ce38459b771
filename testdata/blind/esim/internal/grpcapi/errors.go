package grpcapi

import (
	"context"
	"errors"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/globetrek/esim-platform/internal/auth"
	"github.com/globetrek/esim-platform/internal/service/commissions"
	"github.com/globetrek/esim-platform/internal/service/orders"
	"github.com/globetrek/esim-platform/internal/service/provisioning"
	"github.com/globetrek/esim-platform/internal/service/refunds"
	"github.com/globetrek/esim-platform/internal/service/topups"
	"github.com/globetrek/esim-platform/internal/service/usage"
	"github.com/globetrek/esim-platform/internal/store"
)

var errCodes = []struct {
	err  error
	code codes.Code
}{
	{orders.ErrKeyRequired, codes.InvalidArgument},
	{orders.ErrPlanNotFound, codes.NotFound},
	{orders.ErrPlanInactive, codes.FailedPrecondition},
	{orders.ErrNotFound, codes.NotFound},
	{orders.ErrNotCancellable, codes.FailedPrecondition},
	{orders.ErrBadState, codes.FailedPrecondition},
	{orders.ErrPromoInvalid, codes.InvalidArgument},
	{orders.ErrInFlight, codes.Aborted},
	{orders.ErrUnknownReseller, codes.InvalidArgument},
	{provisioning.ErrNotFound, codes.NotFound},
	{provisioning.ErrBadState, codes.FailedPrecondition},
	{provisioning.ErrKeyRequired, codes.InvalidArgument},
	{provisioning.ErrReissueUnsupported, codes.FailedPrecondition},
	{provisioning.ErrConcurrentReissue, codes.Aborted},
	{topups.ErrNotFound, codes.NotFound},
	{topups.ErrEsimNotLive, codes.FailedPrecondition},
	{topups.ErrUnknownBundle, codes.InvalidArgument},
	{refunds.ErrNotFound, codes.NotFound},
	{refunds.ErrNotRefundable, codes.FailedPrecondition},
	{refunds.ErrAmount, codes.InvalidArgument},
	{commissions.ErrNothingToSettle, codes.FailedPrecondition},
	{commissions.ErrInvalidReseller, codes.InvalidArgument},
	{commissions.ErrNotFound, codes.NotFound},
	{usage.ErrNotFound, codes.NotFound},
	{usage.ErrInvalidPercent, codes.InvalidArgument},
	{usage.ErrInvalidChannel, codes.InvalidArgument},
	{store.ErrNotFound, codes.NotFound},
	{store.ErrKeyReused, codes.InvalidArgument},
	{auth.ErrUnauthenticated, codes.Unauthenticated},
	{context.DeadlineExceeded, codes.DeadlineExceeded},
	{context.Canceled, codes.Canceled},
}

// toStatus maps a service error onto a gRPC status.
func toStatus(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := status.FromError(err); ok {
		return err
	}
	for _, e := range errCodes {
		if errors.Is(err, e.err) {
			return status.Error(e.code, e.err.Error())
		}
	}
	return status.Error(codes.Internal, "internal error")
}

func principal(ctx context.Context) (auth.Principal, error) {
	p, ok := auth.From(ctx)
	if !ok {
		return auth.Principal{}, status.Error(codes.Unauthenticated, "no principal")
	}
	return p, nil
}

// customerScope returns the customer ID a call is restricted to; support
// staff act on any customer's resources.
func customerScope(p auth.Principal) string {
	if p.Role == auth.RoleSupport {
		return ""
	}
	return p.Subject
}
