// Package grpcapi holds a gRPC service, registered by main with the
// registrar an older protoc-gen-go writes (no Unimplemented server to
// embed): its methods are roots of main, reached through the store
// interface main wires.
package grpcapi

import (
	"context"

	"github.com/google/uuid"
	"google.golang.org/grpc"

	"example.com/wired/app"
)

type LabelReq struct{ ID string }
type LabelRes struct{}

type LabelsServer interface {
	Label(ctx context.Context, req *LabelReq) (*LabelRes, error)
}

func RegisterLabelsServer(s *grpc.Server, srv LabelsServer) {}

type Server struct{ Store app.Store }

// Label stores the label under the id the caller sends.
func (s *Server) Label(ctx context.Context, req *LabelReq) (*LabelRes, error) {
	return &LabelRes{}, s.Store.InsertLabel(ctx, req.ID)
}

type SessionReq struct{}
type SessionRes struct{}

// Session stores a session under an id fresh on every attempt.
func (s *Server) Session(ctx context.Context, req *SessionReq) (*SessionRes, error) {
	return &SessionRes{}, s.Store.InsertSession(ctx, uuid.NewString()) // want `a retry inserts a second sessions row with a new id: uuid.NewString\(\) is fresh on every attempt \(gRPC method Server.Session\)`
}
