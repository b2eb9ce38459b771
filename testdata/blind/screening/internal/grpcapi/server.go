// Package grpcapi implements the PartnerPortal gRPC service used by the
// leasing portals that resell screening to their property managers.
package grpcapi

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"log/slog"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/tenantlens/screening/internal/domain"
	"github.com/tenantlens/screening/internal/grpcapi/portalpb"
	"github.com/tenantlens/screening/internal/services/applications"
)

// Applications is the intake surface partners use.
type Applications interface {
	SubmitFromPartner(ctx context.Context, in applications.PartnerSubmission) (domain.Application, bool, error)
	UpsertProperty(ctx context.Context, managerID, externalRef, name string, addr domain.Address) (domain.Property, bool, error)
}

// Letters queues partner-requested adverse-action letters.
type Letters interface {
	RequestLetter(ctx context.Context, partnerID, applicationID string, reasonCodes []string) (domain.Letter, error)
}

// Reports records partner acknowledgements.
type Reports interface {
	PartnerAcknowledge(ctx context.Context, partnerID, orderID string) (bool, error)
}

// Directory resolves partners and their managers.
type Directory interface {
	PartnerIDByTokenHash(ctx context.Context, hash string) (string, error)
	PartnerCanActFor(ctx context.Context, partnerID, managerID string) (bool, error)
	ApplicationForPartner(ctx context.Context, partnerID, applicationID string) (domain.Application, error)
}

type Server struct {
	portalpb.UnimplementedPartnerPortalServer
	apps    Applications
	letters Letters
	reports Reports
	dir     Directory
}

func NewServer(apps Applications, letters Letters, reports Reports, dir Directory) *Server {
	return &Server{apps: apps, letters: letters, reports: reports, dir: dir}
}

type partnerKey struct{}

func partnerFrom(ctx context.Context) string {
	id, _ := ctx.Value(partnerKey{}).(string)
	return id
}

// AuthInterceptor authenticates the partner's bearer token.
func AuthInterceptor(dir Directory) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		md, _ := metadata.FromIncomingContext(ctx)
		var token string
		if v := md.Get("authorization"); len(v) > 0 {
			token, _ = strings.CutPrefix(v[0], "Bearer ")
		}
		if token == "" {
			return nil, status.Error(codes.Unauthenticated, "missing partner token")
		}
		sum := sha256.Sum256([]byte(token))
		partnerID, err := dir.PartnerIDByTokenHash(ctx, hex.EncodeToString(sum[:]))
		if err != nil {
			return nil, status.Error(codes.Unauthenticated, "unknown partner token")
		}
		return handler(context.WithValue(ctx, partnerKey{}, partnerID), req)
	}
}

// LoggingInterceptor logs each call.
func LoggingInterceptor(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		start := time.Now()
		resp, err := handler(ctx, req)
		log.InfoContext(ctx, "grpc", "method", info.FullMethod, "code", status.Code(err).String(),
			"dur", time.Since(start), "partner", partnerFrom(ctx))
		return resp, err
	}
}

func toStatus(err error) error {
	var inv *domain.InvalidError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &inv):
		return status.Error(codes.InvalidArgument, inv.Error())
	case errors.Is(err, domain.ErrInvalid):
		return status.Error(codes.InvalidArgument, err.Error())
	case errors.Is(err, domain.ErrNotFound):
		return status.Error(codes.NotFound, "not found")
	case errors.Is(err, domain.ErrConflict):
		return status.Error(codes.FailedPrecondition, err.Error())
	case errors.Is(err, domain.ErrUnauthorized):
		return status.Error(codes.PermissionDenied, "not permitted")
	}
	slog.Error("grpc internal error", "err", err)
	return status.Error(codes.Internal, "internal error")
}

func (s *Server) authorizeManager(ctx context.Context, managerID string) error {
	ok, err := s.dir.PartnerCanActFor(ctx, partnerFrom(ctx), managerID)
	if err != nil {
		return err
	}
	if !ok {
		return domain.ErrUnauthorized
	}
	return nil
}

func toAddress(a portalpb.Address) domain.Address {
	return domain.Address{Line1: a.Line1, Line2: a.Line2, City: a.City, State: a.State, Zip: a.Zip}
}

func (s *Server) SubmitApplication(ctx context.Context, req *portalpb.SubmitApplicationRequest) (*portalpb.ApplicationReply, error) {
	if err := s.authorizeManager(ctx, req.ManagerId); err != nil {
		return nil, toStatus(err)
	}
	dob, err := time.Parse("2006-01-02", req.Applicant.DateOfBirth)
	if err != nil {
		return nil, status.Error(codes.InvalidArgument, "applicant.date_of_birth must be YYYY-MM-DD")
	}
	app, created, err := s.apps.SubmitFromPartner(ctx, applications.PartnerSubmission{
		PartnerID:  partnerFrom(ctx),
		PartnerRef: req.PartnerRef,
		ManagerID:  req.ManagerId,
		PropertyID: req.PropertyId,
		Applicant: domain.Applicant{
			FirstName:   req.Applicant.FirstName,
			LastName:    req.Applicant.LastName,
			Email:       req.Applicant.Email,
			Phone:       req.Applicant.Phone,
			DateOfBirth: dob,
			SSNLast4:    req.Applicant.SsnLast4,
			Address:     toAddress(req.Applicant.Address),
		},
		MonthlyRent: req.MonthlyRentCents,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &portalpb.ApplicationReply{
		ApplicationId: app.ID, Status: app.Status, PartnerRef: app.PartnerRef, Created: created,
	}, nil
}

func (s *Server) GetApplication(ctx context.Context, req *portalpb.GetApplicationRequest) (*portalpb.ApplicationReply, error) {
	app, err := s.dir.ApplicationForPartner(ctx, partnerFrom(ctx), req.ApplicationId)
	if err != nil {
		return nil, toStatus(err)
	}
	return &portalpb.ApplicationReply{
		ApplicationId: app.ID, Status: app.Status, PartnerRef: app.PartnerRef, Decision: app.Decision,
	}, nil
}

func (s *Server) UpsertProperty(ctx context.Context, req *portalpb.UpsertPropertyRequest) (*portalpb.PropertyReply, error) {
	if err := s.authorizeManager(ctx, req.ManagerId); err != nil {
		return nil, toStatus(err)
	}
	p, created, err := s.apps.UpsertProperty(ctx, req.ManagerId, req.ExternalRef, req.Name, toAddress(req.Address))
	if err != nil {
		return nil, toStatus(err)
	}
	return &portalpb.PropertyReply{PropertyId: p.ID, Created: created}, nil
}

func (s *Server) RequestAdverseActionLetter(ctx context.Context, req *portalpb.AdverseActionRequest) (*portalpb.LetterReply, error) {
	l, err := s.letters.RequestLetter(ctx, partnerFrom(ctx), req.ApplicationId, req.ReasonCodes)
	if err != nil {
		return nil, toStatus(err)
	}
	return &portalpb.LetterReply{LetterId: l.ID, Status: l.Status}, nil
}

func (s *Server) AcknowledgeReport(ctx context.Context, req *portalpb.AcknowledgeReportRequest) (*portalpb.AcknowledgeReportReply, error) {
	first, err := s.reports.PartnerAcknowledge(ctx, partnerFrom(ctx), req.OrderId)
	if err != nil {
		return nil, toStatus(err)
	}
	return &portalpb.AcknowledgeReportReply{FirstAcknowledgement: first}, nil
}
