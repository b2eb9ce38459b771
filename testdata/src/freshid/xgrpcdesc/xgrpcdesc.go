// Package xgrpcdesc builds the method descriptors of gRPC services
// written by hand, without generated code.
package xgrpcdesc

import (
	"context"

	"google.golang.org/grpc"
)

// Unary describes a unary method whose handler decodes the request and
// calls the service's method with it.
func Unary[Req any, Resp any](service, method string, call func(ctx context.Context, req *Req) (*Resp, error)) grpc.MethodDesc {
	full := "/" + service + "/" + method
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
			info := &grpc.UnaryServerInfo{FullMethod: full}
			return interceptor(ctx, req, info, func(ctx context.Context, r any) (any, error) {
				return call(ctx, r.(*Req))
			})
		},
	}
}

// Describe names a descriptor's method without calling anything.
func Describe(service, method string) grpc.MethodDesc {
	return grpc.MethodDesc{MethodName: method}
}
