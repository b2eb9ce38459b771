package grpcapi

import (
	"context"
	"errors"
	"log/slog"
	"net"

	"github.com/google/uuid"
	"go.uber.org/fx"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/learnloop/tutoring/internal/config"
	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/idempotency"
	"github.com/learnloop/tutoring/internal/platform/database"
	"github.com/learnloop/tutoring/internal/platform/reqctx"
	"github.com/learnloop/tutoring/internal/service/booking"
	"github.com/learnloop/tutoring/internal/service/cancellation"
	"github.com/learnloop/tutoring/internal/service/credits"
	"github.com/learnloop/tutoring/internal/service/purchases"
	"github.com/learnloop/tutoring/internal/service/referrals"
	"github.com/learnloop/tutoring/internal/service/reviews"
)

// Marketplace implements MarketplaceServer.
type Marketplace struct {
	fx.In

	Booking      booking.Service
	Cancellation cancellation.Service
	Purchases    purchases.Service
	Reviews      reviews.Service
	Referrals    referrals.Service
	Credits      credits.Service
}

// Server adapts Marketplace to the MarketplaceServer interface.
type Server struct {
	m Marketplace
}

// NewServer builds the gRPC service implementation.
func NewServer(m Marketplace) *Server { return &Server{m: m} }

func toStatus(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, database.ErrNotFound):
		return status.Error(codes.NotFound, err.Error())
	case errors.Is(err, domain.ErrInvalidArgument), errors.Is(err, idempotency.ErrMissingKey):
		return status.Error(codes.InvalidArgument, err.Error())
	case errors.Is(err, domain.ErrForbidden):
		return status.Error(codes.PermissionDenied, err.Error())
	case errors.Is(err, domain.ErrSlotUnavailable), errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrNotCancellable):
		return status.Error(codes.FailedPrecondition, err.Error())
	case errors.Is(err, domain.ErrInsufficientCredit):
		return status.Error(codes.ResourceExhausted, err.Error())
	case errors.Is(err, idempotency.ErrInFlight):
		return status.Error(codes.Aborted, err.Error())
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return status.FromContextError(err).Err()
	default:
		return status.Error(codes.Internal, "internal error")
	}
}

func student(ctx context.Context) (uuid.UUID, error) {
	id, ok := reqctx.Student(ctx)
	if !ok {
		return uuid.Nil, status.Error(codes.Unauthenticated, "missing student identity")
	}
	return id, nil
}

func parseID(field, v string) (uuid.UUID, error) {
	id, err := uuid.Parse(v)
	if err != nil {
		return uuid.Nil, status.Errorf(codes.InvalidArgument, "%s: %v", field, err)
	}
	return id, nil
}

func lessonMsg(l domain.Lesson) Lesson {
	return Lesson{ID: l.ID.String(), TutorID: l.TutorID.String(), StartsAt: l.StartsAt, DurationMin: l.DurationMin, Credits: l.Credits, Status: l.Status}
}

func (s *Server) BookLesson(ctx context.Context, req *BookLessonRequest) (*BookLessonResponse, error) {
	sid, err := student(ctx)
	if err != nil {
		return nil, err
	}
	tid, err := parseID("tutor_id", req.TutorID)
	if err != nil {
		return nil, err
	}
	lesson, err := s.m.Booking.Book(ctx, booking.BookInput{
		StudentID:      sid,
		TutorID:        tid,
		StartsAt:       req.StartsAt,
		DurationMin:    req.DurationMin,
		IdempotencyKey: reqctx.IdempotencyKey(ctx),
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &BookLessonResponse{Lesson: lessonMsg(lesson)}, nil
}

func (s *Server) RescheduleLesson(ctx context.Context, req *RescheduleLessonRequest) (*RescheduleLessonResponse, error) {
	sid, err := student(ctx)
	if err != nil {
		return nil, err
	}
	lid, err := parseID("lesson_id", req.LessonID)
	if err != nil {
		return nil, err
	}
	lesson, err := s.m.Booking.Reschedule(ctx, sid, lid, req.NewStartsAt)
	if err != nil {
		return nil, toStatus(err)
	}
	return &RescheduleLessonResponse{Lesson: lessonMsg(lesson)}, nil
}

func (s *Server) CancelLesson(ctx context.Context, req *CancelLessonRequest) (*CancelLessonResponse, error) {
	sid, err := student(ctx)
	if err != nil {
		return nil, err
	}
	lid, err := parseID("lesson_id", req.LessonID)
	if err != nil {
		return nil, err
	}
	target := cancellation.ToCredits
	if req.RefundTo == string(cancellation.ToCard) {
		target = cancellation.ToCard
	}
	res, err := s.m.Cancellation.Cancel(ctx, sid, lid, target)
	if err != nil {
		return nil, toStatus(err)
	}
	return &CancelLessonResponse{
		Lesson: lessonMsg(res.Lesson), Percent: res.Percent, CreditsBack: res.CreditsBack,
		RefundCents: res.RefundCents, RefundID: res.RefundID,
	}, nil
}

func (s *Server) PurchasePackage(ctx context.Context, req *PurchasePackageRequest) (*PurchasePackageResponse, error) {
	sid, err := student(ctx)
	if err != nil {
		return nil, err
	}
	p, err := s.m.Purchases.Purchase(ctx, sid, req.PackageID, reqctx.IdempotencyKey(ctx))
	if err != nil {
		return nil, toStatus(err)
	}
	return &PurchasePackageResponse{
		PurchaseID: p.ID.String(), Status: p.Status, PaymentIntentID: p.PaymentIntentID,
		ClientSecret: p.ClientSecret, Credits: p.Credits,
	}, nil
}

func (s *Server) SubmitReview(ctx context.Context, req *SubmitReviewRequest) (*SubmitReviewResponse, error) {
	sid, err := student(ctx)
	if err != nil {
		return nil, err
	}
	lid, err := parseID("lesson_id", req.LessonID)
	if err != nil {
		return nil, err
	}
	rv, err := s.m.Reviews.Submit(ctx, reviews.SubmitInput{StudentID: sid, LessonID: lid, Rating: req.Rating, Body: req.Body})
	if err != nil {
		return nil, toStatus(err)
	}
	return &SubmitReviewResponse{ReviewID: rv.ID.String()}, nil
}

func (s *Server) RedeemReferral(ctx context.Context, req *RedeemReferralRequest) (*RedeemReferralResponse, error) {
	sid, err := student(ctx)
	if err != nil {
		return nil, err
	}
	out, err := s.m.Referrals.Redeem(ctx, sid, req.Code, req.ClickID, reqctx.IdempotencyKey(ctx))
	if err != nil {
		return nil, toStatus(err)
	}
	return &RedeemReferralResponse{CreditsGranted: out.CreditsGranted, Balance: out.Balance}, nil
}

func (s *Server) GetCreditBalance(ctx context.Context, _ *GetCreditBalanceRequest) (*GetCreditBalanceResponse, error) {
	sid, err := student(ctx)
	if err != nil {
		return nil, err
	}
	bal, err := s.m.Credits.Balance(ctx, sid)
	if err != nil {
		return nil, toStatus(err)
	}
	return &GetCreditBalanceResponse{Balance: bal}, nil
}

// NewGRPCServer builds the grpc.Server with interceptors and registers
// the service.
func NewGRPCServer(impl *Server, log *slog.Logger) *grpc.Server {
	srv := grpc.NewServer(grpc.ChainUnaryInterceptor(MetadataInterceptor(), LoggingInterceptor(log)))
	srv.RegisterService(&MarketplaceServiceDesc, impl)
	return srv
}

// Start serves srv on the configured address for the app's lifetime.
func Start(lc fx.Lifecycle, srv *grpc.Server, cfg config.Config, log *slog.Logger) {
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			lis, err := net.Listen("tcp", cfg.GRPCAddr)
			if err != nil {
				return err
			}
			go func() {
				if err := srv.Serve(lis); err != nil {
					log.Error("grpc server stopped", "err", err)
				}
			}()
			log.Info("grpc listening", "addr", cfg.GRPCAddr)
			return nil
		},
		OnStop: func(context.Context) error {
			srv.GracefulStop()
			return nil
		},
	})
}

var _ MarketplaceServer = (*Server)(nil)
