package grpcx

import (
	"context"

	"google.golang.org/grpc"
)

// Unary builds a grpc.MethodDesc for a handler with concrete request and
// response types. It plays the role protoc-gen-go-grpc's generated
// _Service_Method_Handler functions play in generated code.
func Unary[Req any, Resp any](service, method string, call func(ctx context.Context, req *Req) (*Resp, error)) grpc.MethodDesc {
	fullMethod := "/" + service + "/" + method
	return grpc.MethodDesc{
		MethodName: method,
		Handler: func(_ any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
			req := new(Req)
			if err := dec(req); err != nil {
				return nil, err
			}
			if interceptor == nil {
				return call(ctx, req)
			}
			info := &grpc.UnaryServerInfo{FullMethod: fullMethod}
			handler := func(ctx context.Context, r any) (any, error) {
				return call(ctx, r.(*Req))
			}
			return interceptor(ctx, req, info, handler)
		},
	}
}

// Service describes one hand-written gRPC service: its descriptor and the
// implementation value passed to RegisterService.
type Service struct {
	Desc *grpc.ServiceDesc
	Impl any
}
