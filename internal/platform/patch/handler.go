package patch

import "mos/gen"

// FromAPI is the operations of a JSON Patch body as the generated server hands it over (none
// for an absent body).
func FromAPI(body *gen.JsonPatch) []Operation {
	var ops []Operation
	if body != nil {
		for _, op := range *body {
			ops = append(ops, Operation{Op: string(op.Op), Path: op.Path, From: op.From, Value: op.Value})
		}
	}
	return ops
}
