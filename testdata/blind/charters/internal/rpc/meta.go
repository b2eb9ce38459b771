package rpc

import (
	"context"
	"strings"

	"google.golang.org/grpc/metadata"
)

// The mobile and console clients send a per-operation key in this header
// and reuse it when they retry.
const requestKeyHeader = "x-request-key"

// requestKey returns the caller's request key, or "" when none was sent.
func requestKey(ctx context.Context) string {
	md, ok := metadata.FromIncomingContext(ctx)
	if !ok {
		return ""
	}
	for _, v := range md.Get(requestKeyHeader) {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}

// callerID is the authenticated principal set by the edge proxy.
func callerID(ctx context.Context) string {
	md, ok := metadata.FromIncomingContext(ctx)
	if !ok {
		return ""
	}
	if v := md.Get("x-principal"); len(v) > 0 {
		return v[0]
	}
	return ""
}
