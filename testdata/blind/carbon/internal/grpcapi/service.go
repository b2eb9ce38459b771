package grpcapi

import (
	"context"

	"google.golang.org/grpc"
)

// ServiceName is the fully qualified gRPC service name.
const ServiceName = "carbonreg.internal.v1.TransferService"

// TransferServiceServer is implemented by the server.
type TransferServiceServer interface {
	InternalTransfer(context.Context, *TransferRequest) (*TransferReply, error)
	ReserveCredits(context.Context, *ReserveRequest) (*ReserveReply, error)
	ReleaseReservation(context.Context, *ReleaseRequest) (*ReleaseReply, error)
	ExportCredits(context.Context, *ExportRequest) (*ExportReply, error)
}

// unary builds a grpc.MethodDesc handler for one typed method.
func unary[Req, Resp any](name string, call func(TransferServiceServer, context.Context, *Req) (*Resp, error)) grpc.MethodDesc {
	return grpc.MethodDesc{
		MethodName: name,
		Handler: func(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
			in := new(Req)
			if err := dec(in); err != nil {
				return nil, err
			}
			s := srv.(TransferServiceServer)
			if interceptor == nil {
				return call(s, ctx, in)
			}
			info := &grpc.UnaryServerInfo{Server: srv, FullMethod: "/" + ServiceName + "/" + name}
			return interceptor(ctx, in, info, func(ctx context.Context, req any) (any, error) {
				return call(s, ctx, req.(*Req))
			})
		},
	}
}

// ServiceDesc describes TransferService for grpc.Server.RegisterService.
var ServiceDesc = grpc.ServiceDesc{
	ServiceName: ServiceName,
	HandlerType: (*TransferServiceServer)(nil),
	Methods: []grpc.MethodDesc{
		unary("InternalTransfer", TransferServiceServer.InternalTransfer),
		unary("ReserveCredits", TransferServiceServer.ReserveCredits),
		unary("ReleaseReservation", TransferServiceServer.ReleaseReservation),
		unary("ExportCredits", TransferServiceServer.ExportCredits),
	},
	Streams:  []grpc.StreamDesc{},
	Metadata: "carbonreg/internal/v1/transfer.proto",
}

// Register attaches srv to s.
func Register(s grpc.ServiceRegistrar, srv TransferServiceServer) {
	s.RegisterService(&ServiceDesc, srv)
}
